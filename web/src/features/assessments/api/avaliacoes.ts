import { DOCX_MEDIA_TYPE, type Avaliacao, type CreateAvaliacaoData, type UpdateAvaliacaoData } from '@planejador/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http, request } from '@/lib/http';
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
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.currentUser }),
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
      const response = await request('GET', `/api/avaliacoes/${encodeURIComponent(id)}/export`, { headers: { Accept: `${DOCX_MEDIA_TYPE}, application/json` } });
      const blob = await response.blob();
      const disposition = response.headers.get('Content-Disposition') ?? '';
      const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
      const fileName = encoded ? decodeURIComponent(encoded) : 'avaliacao.docx';
      const url = URL.createObjectURL(blob);
      const link = Object.assign(document.createElement('a'), { href: url, download: fileName, rel: 'noopener' });
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      return fileName;
    },
  });
}
