import { DOCX_MEDIA_TYPE, type Avaliacao, type CreateAvaliacaoData, type UpdateAvaliacaoData } from '@planejador/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchFile, saveFile } from '@/lib/download';
import { http } from '@/lib/http';
import { queryKeys } from '@/lib/query-keys';

/** While the worker writes it, the page asks again every so often (events only speed it up). */
const POLL_MS = 2000;

const isWriting = (avaliacao: Avaliacao | undefined) => avaliacao?.generation.state === 'queued' || avaliacao?.generation.state === 'running';

/** GET /api/avaliacoes/{id}. */
export const avaliacaoQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.avaliacao(id),
    queryFn: () => http.get<Avaliacao>(`/api/avaliacoes/${encodeURIComponent(id)}`),
    refetchInterval: (query) => (isWriting(query.state.data) ? POLL_MS : false),
  });

export function useAvaliacao(id: string) {
  return useQuery(avaliacaoQueryOptions(id));
}

/** POST /api/turmas/{id}/avaliacoes: 202 { id } (1 credit). */
export function useCreateAvaliacao(turmaId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (data: CreateAvaliacaoData) => http.post<{ id: string }>(`/api/turmas/${encodeURIComponent(turmaId)}/avaliacoes`, data),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.avaliacoesTurma(turmaId) });
      return client.invalidateQueries({ queryKey: queryKeys.currentUser });
    },
    meta: { unauthorizedTitle: 'Não Autorizado' },
  });
}

/** PUT /api/avaliacoes/{id}: the questions and rubrics as edited. */
export function useUpdateAvaliacao(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (data: UpdateAvaliacaoData) => http.put<Avaliacao>(`/api/avaliacoes/${encodeURIComponent(id)}`, data),
    onSuccess: (saved) => {
      client.setQueryData(queryKeys.avaliacao(id), saved);
      void client.invalidateQueries({ queryKey: queryKeys.cobertura(saved.turmaId) });
    },
  });
}

/** GET /api/avaliacoes/{id}/export: the .docx, handed to the browser as a download. */
export function useExportAvaliacao(id: string) {
  return useMutation({
    mutationFn: async () => {
      const file = await fetchFile(`/api/avaliacoes/${encodeURIComponent(id)}/export`, DOCX_MEDIA_TYPE, 'avaliacao.docx');
      saveFile(file);
      return file.fileName;
    },
  });
}
