import type { Plano } from '@planejador/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { queryKeys } from '@/lib/query-keys';
import { isGenerating } from '../utils/plan-status';

/** While the worker is still writing lessons the page polls; the socket only speeds things up. */
export const GENERATION_POLL_MS = 2000;

/** GET /api/planos/:id: the full plan with its lessons; 404 for a missing plan or another user's. */
export function getPlano(id: string): Promise<Plano> {
  return http.get<Plano>(`/api/planos/${encodeURIComponent(id)}`);
}

export const planoQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.plano(id),
    queryFn: () => getPlano(id),
    refetchInterval: (query) => (isGenerating(query.state.data?.generation) ? GENERATION_POLL_MS : false),
  });

export function usePlano(id: string) {
  return useQuery(planoQueryOptions(id));
}
