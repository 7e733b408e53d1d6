import type { Aula, Generation, LessonGenerationState, LessonProgressEvent, Plano, PlanProgressEvent, PlanStreamEvent } from '@planejador/contracts';
import { applyPlanProgress } from './plan-progress';

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

/** A plan event as the progress stream gives it to the reducer: one that is not an end never asks the api. */
function applyProgressEvent(p: Plano, planEvent: PlanProgressEvent): Plano {
  const next = applyPlanProgress(p, { name: 'plan:progress', event: planEvent });
  if (!next) throw new Error(`a '${planEvent.type}' event asked the api again`);
  return next;
}
const lessonStates = (p: Plano) => p.aulas.map((aula) => aula.generation.state);
const applyAll = (start: Plano, events: PlanProgressEvent[]) => events.reduce(applyProgressEvent, start);

describe("applyPlanProgress: the plan's own events", () => {
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

describe("applyPlanProgress: a lesson's events, the same lesson's progress as the plan's", () => {
  const ids = ['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-000000000003'];
  const withIds = (p: Plano): Plano => ({ ...p, aulas: p.aulas.map((aula, i) => ({ ...aula, id: ids[i], versao: 1 })) });
  const generating = withIds(plano({ state: 'running', done: 0, total: 3 }, ['queued', 'queued', 'queued']));

  function lessonEvent(type: LessonProgressEvent['type'], n: number, fields: Partial<LessonProgressEvent> = {}): LessonProgressEvent {
    const state = type === 'done' ? 'done' : type === 'failed' ? 'failed' : 'running';
    return { planId: PLAN_ID, aulaId: ids[n - 1], numeroAula: n, jobId: 'j', type, state, at: '2026-11-25T10:00:00.000Z', ...fields };
  }
  const apply = (p: Plano, stream: PlanStreamEvent[]) => stream.reduce<Plano | null>((current, e) => current && applyPlanProgress(current, e), p);
  const plan = (e: PlanProgressEvent): PlanStreamEvent => ({ name: 'plan:progress', event: e });
  const lesson = (e: LessonProgressEvent): PlanStreamEvent => ({ name: 'lesson:progress', event: e });

  it("follows one lesson through both streams: its text says it runs, the plan's 'lesson-done' ends it, a late delta does not undo it", () => {
    const delta = lesson(lessonEvent('delta', 2, { campos: { titulo: 'Fra' } }));
    const steps = [delta, plan(event('lesson-started', { numeroAula: 2 })), delta, plan(event('lesson-done', { numeroAula: 2, done: 1 })), delta];
    const seen = steps.map((_, i) => apply(generating, steps.slice(0, i + 1))!);
    expect(seen.map(lessonStates)).toEqual([
      ['queued', 'running', 'queued'],
      ['queued', 'running', 'queued'],
      ['queued', 'running', 'queued'],
      ['queued', 'done', 'queued'],
      ['queued', 'done', 'queued'],
    ]);
    expect(seen.map((p) => p.generation.done)).toEqual([0, 0, 0, 1, 1]);
    // A delta that says nothing new gives the same plan back (nothing for the page to render or store).
    expect(applyPlanProgress(seen[0], delta)).toBe(seen[0]);
    // While the plan is generated, a late 'started' never takes a failed lesson back either.
    const failed = apply(generating, [plan(event('lesson-failed', { numeroAula: 1 })), lesson(lessonEvent('started', 1))])!;
    expect(lessonStates(failed)).toEqual(['failed', 'queued', 'queued']);
  });

  it("a regeneration's lesson runs again from done, then its stored version comes in, unless the cache has a newer one", () => {
    const done = withIds(plano({ state: 'done', done: 3, total: 3 }, ['done', 'done', 'done']));
    const running = applyPlanProgress(done, lesson(lessonEvent('started', 3)))!;
    expect(lessonStates(running)).toEqual(['done', 'done', 'running']);
    expect(running.generation).toMatchObject({ state: 'done', done: 2 });
    const stored: Aula = { ...running.aulas[2], versao: 2, objetivos: 'Novo', generation: { state: 'done', error: null } };
    const after = applyPlanProgress(running, lesson(lessonEvent('done', 3, { versao: 2, aula: stored })))!;
    expect(after.aulas[2]).toBe(stored);
    expect(after.generation.done).toBe(3);
    const newer = { ...done, aulas: [done.aulas[0], done.aulas[1], { ...done.aulas[2], versao: 3 }] };
    expect(applyPlanProgress(newer, lesson(lessonEvent('done', 3, { versao: 2, aula: stored })))).toBe(newer);
  });

  it("asks the api again for what the events do not carry: the plan's end, a lesson's failure or its 'done' without the lesson, a lesson it does not have", () => {
    expect(applyPlanProgress(generating, plan(event('done', { done: 3 })))).toBeNull();
    expect(applyPlanProgress(generating, plan(event('failed', { error: 'A IA não respondeu', creditRefunded: true })))).toBeNull();
    expect(applyPlanProgress(generating, lesson(lessonEvent('failed', 1, { error: 'Falhou' })))).toBeNull();
    expect(applyPlanProgress(generating, lesson(lessonEvent('done', 1, { versao: 2 })))).toBeNull();
    expect(applyPlanProgress(generating, lesson(lessonEvent('delta', 1, { aulaId: '00000000-0000-4000-8000-000000000009' })))).toBeNull();
  });

  it("another plan's events change nothing", () => {
    const other = '22222222-2222-4222-8222-222222222222';
    expect(applyPlanProgress(generating, plan(event('lesson-done', { planId: other, numeroAula: 1, done: 1 })))).toBe(generating);
    expect(applyPlanProgress(generating, lesson(lessonEvent('failed', 1, { planId: other })))).toBe(generating);
  });
});
