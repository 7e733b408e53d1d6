import type { HabilidadeMatch } from '@planejador/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';

export interface HabilidadesSearch {
  ano: string;
  materia: string;
  q: string;
  limit?: number;
  /** Ask even with an empty text (the skills in code order): whether the year and subject have any. */
  allowEmpty?: boolean;
}

/** GET /api/habilidades: the skills of a year and subject ranked by how well they fit the text. */
export function searchHabilidades({ ano, materia, q, limit = 10 }: HabilidadesSearch): Promise<HabilidadeMatch[]> {
  const params = new URLSearchParams({ ano, materia, q, limit: String(limit) });
  return http.get<HabilidadeMatch[]>(`/api/habilidades?${params.toString()}`);
}

export const habilidadesQueryOptions = (search: HabilidadesSearch) =>
  queryOptions({
    queryKey: ['habilidades', search.ano, search.materia, search.q, search.limit ?? 10] as const,
    queryFn: () => searchHabilidades(search),
    enabled: Boolean(search.ano && search.materia && (search.q.trim() || search.allowEmpty)),
    placeholderData: keepPreviousData,
  });

export function useSearchHabilidades(search: HabilidadesSearch) {
  return useQuery(habilidadesQueryOptions(search));
}
