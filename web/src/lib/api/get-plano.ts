import type { Plano } from '@planejador/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http, isHttpError } from '@/lib/http';
import { anyLessonBusy, isGenerating } from '@/lib/plan-status';
import { queryKeys } from '@/lib/query-keys';

// One plan, one query: the generating screen and the plan page read it with the same key and the same refresh rule.

/** How often a page asks the api while the plan (or one of its lessons) is being written. */
export const GENERATION_POLL_MS = 2000;

/** GET /api/planos/{id}: the plan with its lessons and generation state; 404 for a missing plan or another user's. */
function getPlano(id: string): Promise<Plano> {
  return http.get<Plano>(`/api/planos/${encodeURIComponent(id)}`);
}

const planoQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.plano(id),
    queryFn: () => getPlano(id),
    // Polls only while something is being written: the plan, or one of its lessons (a regeneration). The app's
    // default is no polling; the socket's events only speed this up.
    refetchInterval: (query) => {
      // A 4xx (not found, signed out) will not change by asking again; a network blip or a 5xx may.
      const { error, data } = query.state;
      if (isHttpError(error) && error.status < 500) return false;
      // Until the first answer the state is unknown: keep asking.
      return !data || isGenerating(data.generation) || anyLessonBusy(data) ? GENERATION_POLL_MS : false;
    },
    refetchIntervalInBackground: true,
  });

export function usePlano(id: string) {
  return useQuery(planoQueryOptions(id));
}
