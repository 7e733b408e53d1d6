import type { Aula, GenerationState, LessonGenerationState, Plano, PlanProgressEvent } from '@planejador/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { queryKeys } from '@/lib/query-keys';
import { applyLessonStreamEvent } from '@/lib/lesson-stream';
import { listenToPlanProgress } from '@/lib/plan-progress-socket';
import { usePlano } from '@/lib/api/get-plano';

const LESSON_RANK: Record<LessonGenerationState, number> = { queued: 0, running: 1, done: 2, failed: 2 };

const PLAN_RANK: Record<GenerationState, number> = { queued: 0, running: 1, done: 2, failed: 2 };

const LESSON_STATE_BY_EVENT: Partial<Record<PlanProgressEvent['type'], LessonGenerationState>> = {
  'lesson-started': 'running',
  'lesson-done': 'done',
  'lesson-failed': 'failed',
};

/** A progress event applied to the cached plan. Nothing goes back: a late event cannot undo a newer poll. */
export function applyProgressEvent(plano: Plano, event: PlanProgressEvent): Plano {
  const lessonState = LESSON_STATE_BY_EVENT[event.type];
  const aulas =
    lessonState && event.numeroAula !== undefined
      ? plano.aulas.map((aula): Aula =>
          aula.numeroAula === event.numeroAula && LESSON_RANK[lessonState] >= LESSON_RANK[aula.generation.state]
            ? { ...aula, generation: { ...aula.generation, state: lessonState } }
            : aula,
        )
      : plano.aulas;
  const terminal = plano.generation.state === 'done' || plano.generation.state === 'failed';
  return {
    ...plano,
    aulas,
    generation: terminal
      ? plano.generation
      : {
          ...plano.generation,
          state: PLAN_RANK[event.state] >= PLAN_RANK[plano.generation.state] ? event.state : plano.generation.state,
          done: Math.max(plano.generation.done, event.done),
          total: event.total || plano.generation.total,
          error: event.error ?? plano.generation.error,
          creditRefunded: event.creditRefunded ?? plano.generation.creditRefunded,
        },
  };
}

/**
 * The plan being generated: read from the api (polled while queued/running) and updated at once by the
 * socket's 'plan:progress' events. A reconnect or a final event asks the api again.
 */
export function usePlanProgress(planId: string) {
  const queryClient = useQueryClient();
  const query = usePlano(planId);

  useEffect(() => {
    const key = queryKeys.plano(planId);
    // The socket's code is loaded now (the form does not need it); without it the 2 s poll still follows the plan.
    return listenToPlanProgress({
      progress: (event: PlanProgressEvent) => {
        if (event.planId !== planId) return;
        if (event.type === 'done' || event.type === 'failed') {
          // The end is read from the api: the plan page opened next needs the lessons' texts, not only the state.
          void queryClient.invalidateQueries({ queryKey: key });
          return;
        }
        queryClient.setQueryData<Plano>(key, (current) => (current ? applyProgressEvent(current, event) : current));
      },
      // Streaming: each lesson's text as the AI writes it (shown while the lesson runs; never put in the plan).
      lesson: (event) => {
        if (event.planId === planId) applyLessonStreamEvent(event);
      },
      connect: () => void queryClient.invalidateQueries({ queryKey: key }),
    });
  }, [planId, queryClient]);

  return query;
}
