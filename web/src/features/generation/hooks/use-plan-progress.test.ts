import type { Aula, Generation, LessonGenerationState, Plano, PlanProgressEvent } from '@planejador/contracts';
import { applyProgressEvent } from './use-plan-progress';

const PLAN_ID = '11111111-1111-4111-8111-111111111111';

// Only what the reducer reads and writes: the plan's generation and each lesson's number and state.
function plano(generation: Generation, lessonStates: LessonGenerationState[]): Plano {
  const aulas = lessonStates.map((generationState, i) => ({ numeroAula: i + 1, generation: { state: generationState, error: null } }) as Aula);
  return { id: PLAN_ID, generation, aulas } as Plano;
}

function event(type: PlanProgressEvent['type'], fields: Partial<PlanProgressEvent> = {}): PlanProgressEvent {
  const state = type === 'done' || type === 'failed' ? type : 'running';
  return { planId: PLAN_ID, type, state, done: 0, total: 3, at: '2026-11-25T10:00:00.000Z', ...fields };
}

const lessonStates = (p: Plano) => p.aulas.map((aula) => aula.generation.state);
const applyAll = (start: Plano, events: PlanProgressEvent[]) => events.reduce(applyProgressEvent, start);

describe('applyProgressEvent', () => {
  const queued = plano({ state: 'queued', done: 0, total: 3 }, ['queued', 'queued', 'queued']);

  it('follows the events in order: each lesson runs then ends, the count goes up', () => {
    const steps = [
      event('started'),
      event('lesson-started', { numeroAula: 1 }),
      event('lesson-done', { numeroAula: 1, done: 1 }),
      event('lesson-started', { numeroAula: 2, done: 1 }),
    ];
    const seen = steps.map((_, i) => applyAll(queued, steps.slice(0, i + 1)));
    expect(seen.map((p) => p.generation.state)).toEqual(['running', 'running', 'running', 'running']);
    expect(seen.map(lessonStates)).toEqual([
      ['queued', 'queued', 'queued'],
      ['running', 'queued', 'queued'],
      ['done', 'queued', 'queued'],
      ['done', 'running', 'queued'],
    ]);
    expect(seen.map((p) => p.generation.done)).toEqual([0, 0, 1, 1]);
  });

  it('never goes back: a late event cannot undo a newer one (lesson, plan state or count)', () => {
    const ahead = applyAll(queued, [event('lesson-done', { numeroAula: 1, done: 2 }), event('lesson-done', { numeroAula: 2, done: 2 })]);
    const late = applyAll(ahead, [event('lesson-started', { numeroAula: 1, done: 0 }), event('started', { done: 0 })]);
    expect(lessonStates(late)).toEqual(['done', 'done', 'queued']);
    expect(late.generation).toMatchObject({ state: 'running', done: 2, total: 3 });
  });

  it('a duplicated event changes nothing the second time', () => {
    const once = applyProgressEvent(queued, event('lesson-done', { numeroAula: 3, done: 1 }));
    const twice = applyProgressEvent(once, event('lesson-done', { numeroAula: 3, done: 1 }));
    expect(twice).toEqual(once);
    expect(lessonStates(twice)).toEqual(['queued', 'queued', 'done']);
  });

  it('a failed lesson is marked failed with the plan still running; the others go on', () => {
    const running = applyAll(queued, [event('lesson-started', { numeroAula: 2 }), event('lesson-failed', { numeroAula: 2, done: 1 })]);
    expect(lessonStates(running)).toEqual(['queued', 'failed', 'queued']);
    expect(running.generation).toMatchObject({ state: 'running', done: 1 });
    // A failed lesson stays failed when a late 'started' arrives.
    expect(lessonStates(applyProgressEvent(running, event('lesson-started', { numeroAula: 2 })))).toEqual(['queued', 'failed', 'queued']);
  });

  it('keeps the error and the refunded credit that the plan events carry, and the total when an event has none', () => {
    const failing = applyProgressEvent(queued, event('started', { total: 0, error: 'A IA não respondeu', creditRefunded: true }));
    expect(failing.generation).toEqual({ state: 'running', done: 0, total: 3, error: 'A IA não respondeu', creditRefunded: true });
  });

  it('a finished plan keeps its end; lessons not in the plan are ignored; the input is not changed', () => {
    const done = plano({ state: 'done', done: 3, total: 3 }, ['done', 'done', 'done']);
    const after = applyAll(done, [event('started', { done: 1 }), event('lesson-started', { numeroAula: 1 }), event('lesson-done', { numeroAula: 9 })]);
    expect(after.generation).toBe(done.generation);
    expect(lessonStates(after)).toEqual(['done', 'done', 'done']);

    const before = JSON.parse(JSON.stringify(queued)) as Plano;
    applyProgressEvent(queued, event('lesson-done', { numeroAula: 1, done: 1 }));
    expect(queued).toEqual(before);
  });
});
