import type { Cobertura, CoberturaResumo } from '@planejador/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { queryKeys } from '@/lib/query-keys';

// Shared read: the class's coverage page and the class cards' bars.

/** GET /api/turmas/{id}/cobertura: every skill of the class's year per subject, with what covers it. */
export const coberturaQueryOptions = (turmaId: string) =>
  queryOptions({
    queryKey: queryKeys.cobertura(turmaId),
    queryFn: () => http.get<Cobertura>(`/api/turmas/${encodeURIComponent(turmaId)}/cobertura`),
  });

export function useCobertura(turmaId: string, enabled = true) {
  return useQuery({ ...coberturaQueryOptions(turmaId), enabled });
}

/** GET /api/turmas/cobertura: each class's share of covered skills per subject, in one request (the class cards). */
export function useCoberturaResumo() {
  return useQuery({
    queryKey: queryKeys.coberturaResumo,
    queryFn: () => http.get<CoberturaResumo[]>('/api/turmas/cobertura'),
  });
}
