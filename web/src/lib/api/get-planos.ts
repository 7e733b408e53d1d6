import {
  LIMITS,
  PLANOS_PAGE_HEADERS,
  type PlanoListItem,
  type PlanosPage,
  type PlanStatus,
} from '@planejador/contracts';
import { infiniteQueryOptions, keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../http';
import { queryKeys } from '../query-keys';

// Shared read: the dashboard (recent plans) and the history page both list the user's plans.

export interface PlanosFilters {
  /** A class number. */
  turma?: string;
  status?: PlanStatus;
  /** 1, 2 or 3. */
  trimestre?: number;
  /** A period of any kind, and the plans' year (`ano`). */
  periodo?: number;
  anoLetivo?: number;
}

/**
 * GET /api/planos: one page of the user's plans, newest first (lessons as summaries, with the generation state).
 * The body is the page's array; the total and the next page's cursor come in headers.
 */
export async function getPlanosPage(
  params: PlanosFilters & { limit?: number; cursor?: string | null } = {},
  signal?: AbortSignal,
): Promise<PlanosPage> {
  const search = new URLSearchParams();
  if (params.limit) search.set('limit', String(params.limit));
  if (params.cursor) search.set('cursor', params.cursor);
  if (params.turma) search.set('turma', params.turma);
  if (params.status) search.set('status', params.status);
  if (params.trimestre) search.set('trimestre', String(params.trimestre));
  if (params.periodo) search.set('periodo', String(params.periodo));
  if (params.anoLetivo) search.set('anoLetivo', String(params.anoLetivo));
  const query = search.toString();
  const response = await request('GET', `/api/planos${query ? `?${query}` : ''}`, { signal });
  const planos = (await response.json()) as PlanoListItem[];
  const total = Number(response.headers.get(PLANOS_PAGE_HEADERS.total));
  return {
    planos,
    total: Number.isFinite(total) ? total : planos.length,
    nextCursor: response.headers.get(PLANOS_PAGE_HEADERS.nextCursor),
  };
}

/** The dashboard's 'Planos Recentes': the newest few plans and how many there are. */
export const recentPlanosQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.planosList({ limit: LIMITS.recentPlans }),
    queryFn: ({ signal }) => getPlanosPage({ limit: LIMITS.recentPlans }, signal),
  });

export function useRecentPlanos(options: { enabled?: boolean } = {}) {
  return useQuery({ ...recentPlanosQueryOptions(), enabled: options.enabled ?? true });
}

/** The history: pages of plans that match the filters, loaded one after the other ('Carregar mais'). */
export const planosPagesQueryOptions = (filters: PlanosFilters) =>
  infiniteQueryOptions({
    queryKey: queryKeys.planosList({ ...filters }),
    queryFn: ({ pageParam, signal }) => getPlanosPage({ ...filters, cursor: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // Changing a filter keeps the table on screen until the new page arrives.
    placeholderData: keepPreviousData,
  });
