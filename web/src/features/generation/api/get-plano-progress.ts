import { queryOptions, useQuery } from '@tanstack/react-query';
import { GENERATION_POLL_MS, getPlano } from '@/lib/api/get-plano';
import { isHttpError } from '@/lib/http';
import { isGenerating } from '@/lib/plan-status';
import { queryKeys } from '@/lib/query-keys';

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
      // Until the first answer the state is unknown: keep asking.
      return !data || isGenerating(data.generation) ? GENERATION_POLL_MS : false;
    },
    refetchIntervalInBackground: true,
  });

export function usePlanoProgress(id: string) {
  return useQuery(planoProgressQueryOptions(id));
}
