import type { PlanoListItem } from '@planejador/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../http';
import { queryKeys } from '../query-keys';

// Shared read: the dashboard (recent plans) and the history page both list the user's plans.

/** GET /api/planos: the user's plans, newest first (lessons as summaries, with the generation state). */
export function getPlanos(): Promise<PlanoListItem[]> {
  return http.get<PlanoListItem[]>('/api/planos');
}

export const planosQueryOptions = () => queryOptions({ queryKey: queryKeys.planos, queryFn: getPlanos });

export function usePlanos(options: { enabled?: boolean } = {}) {
  return useQuery({ ...planosQueryOptions(), enabled: options.enabled ?? true });
}
