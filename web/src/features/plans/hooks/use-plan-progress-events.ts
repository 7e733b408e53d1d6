import type { LessonProgressEvent, Plano, PlanProgressEvent } from '@planejador/contracts';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { applyLessonStreamEvent } from '@/lib/lesson-stream';
import { listenToPlanProgress } from '@/lib/plan-progress-socket';
import { queryKeys } from '@/lib/query-keys';
import { putPlan, withLessonEvent } from '../utils/lesson-cache';

/**
 * A lesson's progress event in the cached plan, without asking the api when the event says enough: 'queued' and
 * 'started' set the lesson's state, 'done' puts in the lesson it carries (the same lesson the plan's GET gives). The
 * plan editor sees the same new plan a refetch would have brought, and merges it with the teacher's edits as it
 * does a refetch's. Anything else ('failed', a 'done' without the lesson) refetches the plan; a refund refetches
 * the credits too.
 */
export function applyLessonEvent(queryClient: QueryClient, planoId: string, event: LessonProgressEvent): void {
  applyLessonStreamEvent(event);
  if (event.type === 'failed' && event.creditRefunded) void queryClient.invalidateQueries({ queryKey: queryKeys.currentUser });
  const plano = queryClient.getQueryData<Plano>(queryKeys.plano(planoId));
  putPlan(queryClient, planoId, plano ? withLessonEvent(plano, event) : null);
}

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
        if (event.planId === planoId) applyLessonEvent(queryClient, planoId, event);
      },
      connect: refresh,
    });
  }, [planoId, active, queryClient]);
}
