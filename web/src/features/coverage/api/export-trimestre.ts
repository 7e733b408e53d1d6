import { DOCX_MEDIA_TYPE, PDF_MEDIA_TYPE, type HandinFormato } from '@planejador/contracts';
import { useMutation } from '@tanstack/react-query';
import { fetchFile, saveFile } from '@/lib/download';

export interface TrimestreExport {
  trimestre: number;
  formato: HandinFormato;
}

/**
 * GET /api/turmas/{id}/trimestres/{n}/export?formato=: the trimestre's documents (summary and every plan), handed to
 * the browser as a download. 409 without finished plans in the trimestre, 429 while another export of the user is in
 * flight, 503 for a PDF when the server has no LibreOffice; each with a message to show.
 */
export function useExportTrimestre(turmaId: string) {
  return useMutation({
    mutationFn: async ({ trimestre, formato }: TrimestreExport) => {
      const file = await fetchFile(
        `/api/turmas/${encodeURIComponent(turmaId)}/trimestres/${trimestre}/export?formato=${formato}`,
        formato === 'pdf' ? PDF_MEDIA_TYPE : DOCX_MEDIA_TYPE,
        `documentos-${trimestre}-trimestre.${formato}`,
      );
      saveFile(file);
      return file.fileName;
    },
    meta: { unauthorizedTitle: 'Não Autorizado' },
  });
}
