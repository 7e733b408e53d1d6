import { DEFAULT_ETAPA, LIMITS, type Etapa, type HabilidadeMatch } from '@planejador/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';

// One skill search for the whole app (the generate form's suggestions and search, the plan page's picker).

export interface HabilidadesSearch {
  /** The class's stage; absent: fundamental. */
  etapa?: Etapa;
  ano: string;
  materia: string;
  q: string;
  /** 1 to LIMITS.habilidadesPageMax; the api's default when absent. */
  limit?: number;
  /** Ask even with an empty text (the skills in code order): whether the year and subject have any. */
  allowEmpty?: boolean;
  /** Ask only while this is true (a closed dialog asks nothing). */
  enabled?: boolean;
}

/** GET /api/habilidades: the skills of a year and subject ranked by how well they fit the text. */
function searchHabilidades({ etapa = DEFAULT_ETAPA, ano, materia, q, limit = LIMITS.habilidadesPageDefault }: HabilidadesSearch): Promise<HabilidadeMatch[]> {
  const params = new URLSearchParams({ etapa, ano, materia, q, limit: String(limit) });
  return http.get<HabilidadeMatch[]>(`/api/habilidades?${params.toString()}`);
}

export const habilidadesQueryOptions = (search: HabilidadesSearch) =>
  queryOptions({
    queryKey: ['habilidades', search.etapa ?? DEFAULT_ETAPA, search.ano, search.materia, search.q, search.limit ?? LIMITS.habilidadesPageDefault] as const,
    queryFn: () => searchHabilidades(search),
    enabled: Boolean((search.enabled ?? true) && search.ano && search.materia && (search.q.trim() || search.allowEmpty)),
    // While a new text is asked for, the previous answer stays on screen (no jump), marked stale: see staleResults.
    placeholderData: keepPreviousData,
  });

/**
 * Whether a search's answer fits none of the words typed: the api then still lists the year's skills of the subject
 * (score 0, those sharing most letters with the words first), which the page must say are not matches.
 */
export function noneMatch(results: readonly Pick<HabilidadeMatch, 'score'>[] | undefined): boolean {
  return !!results?.length && results.every((match) => match.score <= 0);
}

export function useSearchHabilidades(search: HabilidadesSearch) {
  return useQuery(habilidadesQueryOptions(search));
}

/**
 * Whether the results on screen answer an older text: the teacher typed since (the search still waits for a pause)
 * or the answer to the new text has not come yet (the previous one is shown meanwhile). Stale results are shown
 * dimmed and busy and cannot be picked, so a quick click never takes a skill suggested for another text.
 */
export function staleResults(search: { isPlaceholderData: boolean }, typed: string, q: string): boolean {
  return search.isPlaceholderData || typed.trim() !== q;
}
