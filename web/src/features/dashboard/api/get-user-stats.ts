import type { UserStats } from '@planejador/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/user/stats: turmas, planos, aulas, mesAtual. */
export function getUserStats(): Promise<UserStats> {
  return http.get<UserStats>('/api/user/stats');
}

export const userStatsQueryOptions = () => queryOptions({ queryKey: queryKeys.userStats, queryFn: getUserStats });

export function useUserStats() {
  return useQuery(userStatsQueryOptions());
}
