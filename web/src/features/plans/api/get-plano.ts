import { queryOptions, useQuery } from '@tanstack/react-query';
import { GENERATION_POLL_MS, getPlano } from '@/lib/api/get-plano';
import { queryKeys } from '@/lib/query-keys';
import { anyLessonBusy, isGenerating } from '../utils/plan-status';

export const planoQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.plano(id),
    queryFn: () => getPlano(id),
    refetchInterval: (query) =>
      isGenerating(query.state.data?.generation) || anyLessonBusy(query.state.data) ? GENERATION_POLL_MS : false,
  });

export function usePlano(id: string) {
  return useQuery(planoQueryOptions(id));
}
