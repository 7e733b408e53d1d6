import type { GenerationState, Plano } from '@planejador/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http, isHttpError } from '@/lib/http';
import { queryKeys } from '@/lib/query-keys';

/** How often the generating screen asks the api while the plan is queued or running. */
export const PROGRESS_POLL_MS = 2000;

const ACTIVE_STATES: readonly GenerationState[] = ['queued', 'running'];

export function isGenerating(plano: Pick<Plano, 'generation'> | undefined): boolean {
  return plano ? ACTIVE_STATES.includes(plano.generation.state) : true;
}

/** GET /api/planos/{id}: the plan with its generation state (the truth; socket events only speed it up). */
export function getPlano(id: string): Promise<Plano> {
  return http.get<Plano>(`/api/planos/${encodeURIComponent(id)}`);
}

export const planoProgressQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.plano(id),
    queryFn: () => getPlano(id),
    staleTime: 0,
    // Polls only while the plan is being written (the app's default is no polling).
    refetchInterval: (query) => {
      // A 4xx (not found, signed out) will not change by asking again; a network blip or a 5xx may.
      const { error, data } = query.state;
      if (isHttpError(error) && error.status < 500) return false;
      return isGenerating(data) ? PROGRESS_POLL_MS : false;
    },
    refetchIntervalInBackground: true,
  });

export function usePlanoProgress(id: string) {
  return useQuery(planoProgressQueryOptions(id));
}
