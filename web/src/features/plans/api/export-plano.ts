import { DOCX_MEDIA_TYPE } from '@planejador/contracts';
import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/http';
import { fileNameFromDisposition } from '../utils/file-name';

export interface ExportedFile {
  blob: Blob;
  fileName: string;
}

/** GET /api/planos/:id/export: the .docx (409 while generating, 429 while another export of the user is in flight, 504/500 with a message on failure). */
export async function exportPlano(id: string): Promise<ExportedFile> {
  const response = await request('GET', `/api/planos/${encodeURIComponent(id)}/export`, {
    headers: { Accept: `${DOCX_MEDIA_TYPE}, application/json` },
  });
  const blob = await response.blob();
  const fileName = fileNameFromDisposition(response.headers.get('Content-Disposition'), `plano-${Date.now()}.docx`);
  return { blob, fileName };
}

/** Hands the file to the browser as a download. */
export function saveFile({ blob, fileName }: ExportedFile): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Let the browser start reading the blob before it is released.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function useExportPlano() {
  return useMutation({
    mutationFn: async (id: string) => {
      const file = await exportPlano(id);
      saveFile(file);
      return file;
    },
    meta: { unauthorizedTitle: 'Não Autorizado' },
  });
}
