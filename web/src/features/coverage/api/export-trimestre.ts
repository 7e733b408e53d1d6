import { DOCX_MEDIA_TYPE, PDF_MEDIA_TYPE, type HandinFormato } from '@planejador/contracts';
import { useMutation } from '@tanstack/react-query';
import { fetchFile, saveFile } from '@/lib/download';

export interface TrimestreExport {
  trimestre: number;
  formato: HandinFormato;
  /** A hand-in by subject (a trimestre of more than 40 plans is handed in so); absent: every subject. */
  materia?: string;
}

/**
 * GET /api/turmas/{id}/trimestres/{n}/export?formato=: the trimestre's documents (summary and every plan), handed to
 * the browser as a download. 409 without finished plans in the trimestre, 429 while another export of the user is in
 * flight, 503 for a PDF when the server has no LibreOffice, 400 past 40 plans (hand in by subject); each with a message
 * to show.
 */
export function useExportTrimestre(turmaId: string) {
  return useMutation({
    mutationFn: async ({ trimestre, formato, materia }: TrimestreExport) => {
      const query = new URLSearchParams({ formato, ...(materia ? { materia } : {}) });
      const file = await fetchFile(
        `/api/turmas/${encodeURIComponent(turmaId)}/trimestres/${trimestre}/export?${query.toString()}`,
        formato === 'pdf' ? PDF_MEDIA_TYPE : DOCX_MEDIA_TYPE,
        `documentos-${trimestre}-trimestre.${formato}`,
      );
      saveFile(file);
      return file.fileName;
    },
    meta: { unauthorizedTitle: 'Não Autorizado' },
  });
}
