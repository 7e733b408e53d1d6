import {
  isInProgress,
  type Aula,
  type GenerationState,
  type LessonGenerationState,
  type LessonProgressEvent,
  type Plano,
  type PlanProgressEvent,
  type PlanStreamEvent,
} from '@planejador/contracts';

// The one reducer of a plan's progress stream (PlanStreamEvent: 'plan:progress' and 'lesson:progress'), used by
// every page that shows it: the generating screen, the plan page and a lesson's regeneration. Pure: the plan in, the
// plan the events say out, or null when they do not say enough and the plan must be asked of the api again.

const RANK: Record<GenerationState | LessonGenerationState, number> = { queued: 0, running: 1, done: 2, failed: 2 };

const LESSON_STATE_BY_PLAN_EVENT: Partial<Record<PlanProgressEvent['type'], LessonGenerationState>> = {
  'lesson-started': 'running',
  'lesson-done': 'done',
  'lesson-failed': 'failed',
};

/** The plan with one lesson replaced, its count of done lessons computed as the api computes it. */
export function withLesson(plano: Plano, aulaId: string, change: (aula: Aula) => Aula): Plano {
  const aulas = plano.aulas.map((aula) => (aula.id === aulaId ? change(aula) : aula));
  return { ...plano, aulas, generation: { ...plano.generation, done: aulas.filter((a) => a.generation.state === 'done').length } };
}

/** The lessons with the one `found` moved forward to `state`, never back (a first generation's lesson). */
function lessonsForward(plano: Plano, found: (aula: Aula) => boolean, state: LessonGenerationState): Aula[] {
  return plano.aulas.map((aula) =>
    found(aula) && RANK[state] >= RANK[aula.generation.state] ? { ...aula, generation: { ...aula.generation, state } } : aula,
  );
}

/**
 * A plan event: its end (done, failed) is read from the api (the plan page opened next needs the lessons' texts, not
 * only the state); anything else moves the plan and the lesson it names forward, never back, so a late event cannot
 * undo a newer poll.
 */
function withPlanEvent(plano: Plano, event: PlanProgressEvent): Plano | null {
  if (event.type === 'done' || event.type === 'failed') return null;
  const lessonState = LESSON_STATE_BY_PLAN_EVENT[event.type];
  const aulas =
    lessonState && event.numeroAula !== undefined ? lessonsForward(plano, (aula) => aula.numeroAula === event.numeroAula, lessonState) : plano.aulas;
  const terminal = plano.generation.state === 'done' || plano.generation.state === 'failed';
  return {
    ...plano,
    aulas,
    generation: terminal
      ? plano.generation
      : {
          ...plano.generation,
          state: RANK[event.state] >= RANK[plano.generation.state] ? event.state : plano.generation.state,
          done: Math.max(plano.generation.done, event.done),
          total: event.total || plano.generation.total,
          error: event.error ?? plano.generation.error,
          creditRefunded: event.creditRefunded ?? plano.generation.creditRefunded,
        },
  };
}

/**
 * A lesson event: 'started' and 'delta' say the lesson is running (a delta's text is shown from lib/lesson-stream.ts,
 * never put in the cached lesson: only the stored answer goes there); while the plan itself is being generated a
 * lesson only moves forward, as with the plan's events. 'done' puts in the stored lesson it carries (the same lesson
 * the plan's GET gives), unless the cache has a newer version of it. A failure (the lesson's state, error and credit
 * come from the api), a 'done' without the stored lesson, or a lesson this plan does not have: null.
 */
function withLessonEvent(plano: Plano, event: LessonProgressEvent): Plano | null {
  const cached = plano.aulas.find((aula) => aula.id === event.aulaId);
  if (!cached) return null;
  if (event.type === 'started' || event.type === 'delta') {
    const current = cached.generation.state;
    if (event.type === 'delta' && current === event.state) return plano;
    if (isInProgress(plano.generation.state)) {
      // The plan's count of done lessons is its own events' (a lesson's 'started' or 'delta' never ends one).
      return RANK[event.state] > RANK[current] ? { ...plano, aulas: lessonsForward(plano, (aula) => aula === cached, event.state) } : plano;
    }
    return withLesson(plano, event.aulaId, (aula) => ({ ...aula, generation: { state: event.state, error: null } }));
  }
  const stored = event.type === 'done' ? event.aula : undefined;
  if (!stored || stored.id !== event.aulaId) return null;
  if (cached.versao > stored.versao) return plano;
  return withLesson(plano, event.aulaId, () => stored);
}

/**
 * The plan after one event of its progress stream (the same plan when the event changes nothing, or is another
 * plan's), or null when the plan must be asked of the api again. The input is never changed.
 */
export function applyPlanProgress(plano: Plano, { name, event }: PlanStreamEvent): Plano | null {
  if (event.planId !== plano.id) return plano;
  return name === 'plan:progress' ? withPlanEvent(plano, event) : withLessonEvent(plano, event);
}
