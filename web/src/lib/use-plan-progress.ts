import type { Plano, PlanStreamEvent } from '@planejador/contracts';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { applyLessonStreamEvent } from './lesson-stream';
import { applyPlanProgress } from './plan-progress';
import { listenToPlanProgress } from './plan-progress-socket';
import { queryKeys } from './query-keys';

/**
 * Puts the plan the page now knows in the cache, or refetches it when `next` is null. A fetch of the plan already on
 * its way may have left before what `next` shows: it is replaced by a new one, so an older answer never
 * overwrites it. The plan already cached (an event that changed nothing) is left as it is.
 */
export function putPlan(queryClient: QueryClient, planoId: string, next: Plano | null): void {
  const key = queryKeys.plano(planoId);
  const refetch = () => void queryClient.invalidateQueries({ queryKey: key, exact: true });
  if (!next) return refetch();
  if (queryClient.getQueryData<Plano>(key) === next) return;
  const fetching = queryClient.isFetching({ queryKey: key, exact: true }) > 0;
  queryClient.setQueryData<Plano>(key, next);
  if (fetching) refetch();
}

/**
 * One event of the plan's progress stream applied where the page reads it: a lesson's text so far in the lesson
 * stream (until the lesson ends, whichever event says it), the rest in the cached plan by the one reducer (applyPlanProgress), without asking the api when the event
 * says enough. A regeneration's refund refetches the credits too. With no plan cached yet (its first GET on its way),
 * an end (done, failed) asks the api again, since that GET may have left before it; anything else waits for it.
 */
export function applyPlanProgressEvent(queryClient: QueryClient, planoId: string, stream: PlanStreamEvent): void {
  const plano = queryClient.getQueryData<Plano>(queryKeys.plano(planoId));
  if (stream.name === 'lesson:progress') {
    applyLessonStreamEvent(stream.event);
    if (stream.event.type === 'failed' && stream.event.creditRefunded) void queryClient.invalidateQueries({ queryKey: queryKeys.currentUser });
  } else if (stream.event.type === 'lesson-done' || stream.event.type === 'lesson-failed') {
    // A first generation's lesson ends in the plan's event (by its number): its streamed text goes as a regeneration's does.
    const ended = plano?.aulas.find((aula) => aula.numeroAula === stream.event.numeroAula);
    if (ended) applyLessonStreamEvent({ aulaId: ended.id, type: 'done' });
  }
  if (plano) putPlan(queryClient, planoId, applyPlanProgress(plano, stream));
  else if (stream.event.type === 'done' || stream.event.type === 'failed') putPlan(queryClient, planoId, null);
}

/**
 * While a plan (or one of its lessons) is being written, its progress stream updates the cached plan at once (the
 * generating screen, the plan page, a regeneration); the 2 s poll of usePlano stays the source of truth (a lost
 * socket or a reload still converges), and a reconnect refetches. The socket is loaded only while `active`: a
 * finished plan's page does not download it.
 */
export function usePlanProgress(planoId: string, active: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!active) return;
    return listenToPlanProgress(planoId, {
      event: (event) => applyPlanProgressEvent(queryClient, planoId, event),
      connect: () => void queryClient.invalidateQueries({ queryKey: queryKeys.plano(planoId), exact: true }),
    });
  }, [planoId, active, queryClient]);
}
