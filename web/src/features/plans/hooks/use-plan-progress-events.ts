import type { LessonProgressEvent, PlanProgressEvent } from '@planejador/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { listenToPlanProgress } from '@/lib/plan-progress-socket';
import { queryKeys } from '@/lib/query-keys';

/**
 * While a plan (or one of its lessons) is being written, its progress events refresh it at once; the 2 s poll stays the
 * source of truth (a lost socket or a reload still converges), and a reconnect refetches. The socket
 * is loaded only then: a finished plan's page does not download it.
 */
export function usePlanProgressEvents(planoId: string, active: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!active) return;
    const refresh = () => void queryClient.invalidateQueries({ queryKey: queryKeys.plano(planoId), exact: true });
    return listenToPlanProgress({
      progress: (event: PlanProgressEvent) => {
        if (event.planId === planoId) refresh();
      },
      lesson: (event: LessonProgressEvent) => {
        if (event.planId === planoId) refresh();
      },
      connect: refresh,
    });
  }, [planoId, active, queryClient]);
}
