import { DOCX_MEDIA_TYPE } from '@planejador/contracts';
import { useMutation } from '@tanstack/react-query';
import { fetchFile, saveFile } from '@/lib/download';

/** GET /api/planos/:id/export: the .docx (409 while generating, 429 while another export of the user is in flight, 504/500 with a message on failure). */
export function useExportPlano() {
  return useMutation({
    mutationFn: async (id: string) => {
      const file = await fetchFile(`/api/planos/${encodeURIComponent(id)}/export`, DOCX_MEDIA_TYPE, `plano-${Date.now()}.docx`);
      saveFile(file);
      return file;
    },
    meta: { unauthorizedTitle: 'Não Autorizado' },
  });
}
