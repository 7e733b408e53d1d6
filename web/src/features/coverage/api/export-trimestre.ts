import { DOCX_MEDIA_TYPE, PDF_MEDIA_TYPE, type HandinFormato } from '@planejador/contracts';
import { useMutation } from '@tanstack/react-query';
import { fetchFile, saveFile } from '@/lib/download';

export interface TrimestreExport {
  /** The period's number (of the kind of that year's calendar). */
  trimestre: number;
  /** The calendar year (absent: the current one). */
  ano?: number;
  formato: HandinFormato;
  /** A hand-in by subject (a trimestre of more than 40 plans is handed in so); absent: every subject. */
  materia?: string;
}

/**
 * GET /api/turmas/{id}/periodos/{n}/export?formato=&ano=: the period's documents (any kind) (summary and every plan), handed to
 * the browser as a download. 409 without finished plans in the trimestre, 429 while another export of the user is in
 * flight, 503 for a PDF when the server has no LibreOffice, 400 past 40 plans (hand in by subject); each with a message
 * to show.
 */
export function useExportTrimestre(turmaId: string) {
  return useMutation({
    mutationFn: async ({ trimestre, ano, formato, materia }: TrimestreExport) => {
      const query = new URLSearchParams({ formato, ...(materia ? { materia } : {}), ...(ano ? { ano: String(ano) } : {}) });
      const file = await fetchFile(
        `/api/turmas/${encodeURIComponent(turmaId)}/periodos/${trimestre}/export?${query.toString()}`,
        formato === 'pdf' ? PDF_MEDIA_TYPE : DOCX_MEDIA_TYPE,
        `documentos-${trimestre}-periodo.${formato}`,
      );
      saveFile(file);
      return file.fileName;
    },
    meta: { unauthorizedTitle: 'Não Autorizado' },
  });
}
