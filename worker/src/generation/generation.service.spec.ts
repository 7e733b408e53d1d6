import { UnrecoverableError } from 'bullmq';
import { AiError, type LessonDraft, type LessonGeneratorKind } from '@planejador/ai';
import type { LessonProgressEvent, PlanProgressEvent } from '@planejador/contracts';
import type { AiCallGrant, AiCallsRepository, AulaRecord, LessonContentRepository, PlanGenerationRepository, PlanoComAulas, PlanosRepository, StoreRequest } from '@planejador/db';
import { fake, fakeDatabase, Journal, quietLogs, settings } from '../../test/doubles';
import type { ProgressPublisher } from '../core/progress.publisher';
import { GenerationService, LessonsFailedError } from './generation.service';
import type { LessonWriter, WriteRequest } from './lesson-writer';
import { OutageRetry } from './outage-retry';

const PLAN = '00000000-0000-4000-8000-000000000001';
const USER = '00000000-0000-4000-8000-000000000003';
const aulaId = (numero: number) => `00000000-0000-4000-8000-00000000010${numero}`;

/** The AI's answer for lesson N. */
function draftOf(numero: number): LessonDraft {
  return {
    titulo: `AulaRecord ${numero} escrita`,
    verificacao: null,
    habilidadeCodes: ['EF05MA03'],
    habilidades: 'EF05MA03',
    objetivos: `Objetivos ${numero}`,
    objetosConhecimento: 'Frações',
    experiencias: `Experiências ${numero}`,
    evidencias: `Evidências ${numero}`,
  } as LessonDraft;
}

function lesson(numero: number, overrides: Partial<Record<string, unknown>> = {}): AulaRecord {
  return {
    id: aulaId(numero),
    numeroAula: numero,
    materia: 'matematica',
    prompt: `Descrição da aula ${numero}`,
    titulo: null,
    generationState: 'queued',
    habilidadesFixadas: [],
    ...overrides,
  } as unknown as AulaRecord;
}

/** An unreachable PostgreSQL, as pg reports it. */
function unreachable(): Error {
  return Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
}

/** What the AI does on one attempt: answers with the lesson's draft, or fails. */
type Attempt = 'answer' | AiError;

/** A deferred: a lesson whose AI answers only when the spec lets it. */
function held() {
  let release = (): void => undefined;
  const promise = new Promise<void>((resolve) => (release = resolve));
  return { promise, release };
}

interface Setup {
  kind?: LessonGeneratorKind;
  /** The plan's state as read (null: the plan is gone). */
  planState?: 'queued' | 'running' | 'done' | 'failed' | null;
  /** The plan's lessons (given in any order: the service sorts them). */
  aulas?: AulaRecord[];
  temaAutomatico?: boolean;
  concurrency?: number;
  /** The attempts of lesson N's AI (default: one answer). */
  ai?: Record<number, Attempt[]>;
  /** What the budgets answer to lesson N's calls, in order (default: always granted). */
  grants?: Record<number, AiCallGrant[]>;
  /** Lesson N's AI answers only once this resolves. */
  hold?: Record<number, Promise<void>>;
  /** Text fields lesson N's AI streams on each attempt, before its answer. */
  deltas?: Record<number, Record<string, string>[]>;
  /** storeLessonContent of lesson N: null (done meanwhile) or an error thrown (default: stored). */
  store?: Record<number, null | Error>;
  /** markLessonRunning throws this (PostgreSQL unreachable). */
  markRunningError?: Error;
  /** takeAiCall for lesson N throws this. */
  takeAiCallError?: Record<number, Error>;
}

function setup(options: Setup = {}) {
  const { kind = 'openai', planState = 'queued', temaAutomatico = false, concurrency = 3 } = options;
  const aulas = options.aulas ?? [lesson(1), lesson(2), lesson(3)];
  const numeroOf = (id: string) => aulas.find((a) => a.id === id)!.numeroAula;
  const journal = new Journal();
  const planEvents: Omit<PlanProgressEvent, 'at'>[] = [];
  const lessonEvents: Omit<LessonProgressEvent, 'at'>[] = [];
  /** Plan and lesson events in the order they were sent. */
  const timeline: string[] = [];
  const stores: StoreRequest[] = [];
  const requests: WriteRequest[] = [];
  const turma = { id: 'turma-1', ano: '5', etapa: 'fundamental', barreiras: [] };
  const plano =
    planState === null
      ? null
      : ({
          id: PLAN,
          userId: USER,
          turma,
          aulas,
          generationState: planState,
          temaAutomatico,
          temaPrincipal: 'Frações no dia a dia',
        } as unknown as PlanoComAulas);
  const grants = new Map(Object.entries(options.grants ?? {}).map(([n, list]) => [Number(n), [...list]]));
  const planos = fake<PlanosRepository>(journal, { findPlanoWithAulas: async () => plano });
  const planGeneration = fake<PlanGenerationRepository>(journal, {
    markPlanRunning: async () => planState === 'queued' || planState === 'running',
    markFirstPendingLessonRunning: async () => aulas.filter((a) => a.generationState !== 'done').sort((a, b) => a.numeroAula - b.numeroAula)[0]?.id ?? null,
    markLessonRunning: async () => {
      if (options.markRunningError) throw options.markRunningError;
    },
    markLessonFailed: async () => undefined,
    markPlanDone: async () => true,
  });
  const aiCalls = fake<AiCallsRepository>(journal, {
    takeAiCall: async (id: string) => {
      const numero = numeroOf(id);
      journal.entries.push(`call:${numero}`);
      const error = options.takeAiCallError?.[numero];
      if (error) throw error;
      return grants.get(numero)?.shift() ?? 'granted';
    },
  });
  const lessonContent = fake<LessonContentRepository>(journal, {
    storeLessonContent: async (request: StoreRequest) => {
      const outcome = options.store?.[numeroOf(request.aulaId)];
      if (outcome instanceof Error) throw outcome;
      stores.push(request);
      return outcome === null ? null : ({ ...lesson(numeroOf(request.aulaId)), titulo: request.draft.titulo, generationState: 'done' } as unknown as AulaRecord);
    },
  });
  // The writer as generateWithRetry drives it: before each attempt the budget (beforeAttempt), then the AI, which
  // streams its text and answers or fails; a retryable failure is tried again while attempts are left.
  const writer = Object.assign(
    fake<LessonWriter>(journal, {
      write: async (request: WriteRequest) => {
        requests.push(request);
        const numero = request.aula.numeroAula;
        const attempts = options.ai?.[numero] ?? ['answer'];
        for (const [index, attempt] of attempts.entries()) {
          await request.beforeAttempt?.(index + 1);
          journal.entries.push(`ai:${numero}`);
          for (const campos of options.deltas?.[numero] ?? []) request.onDelta?.(campos);
          await options.hold?.[numero];
          if (attempt === 'answer') return draftOf(numero);
          if (!attempt.retryable || index === attempts.length - 1) throw attempt;
        }
        throw new Error('no attempt scripted');
      },
    }),
    { kind },
  );
  const progress = fake<ProgressPublisher>(journal, {
    publish: (_user: string, event: Omit<PlanProgressEvent, 'at'>) => {
      planEvents.push(event);
      timeline.push(event.numeroAula ? `${event.type}:${event.numeroAula}` : event.type);
    },
    publishLesson: (_user: string, event: Omit<LessonProgressEvent, 'at'>) => {
      lessonEvents.push(event);
      timeline.push(`${event.type}:${event.numeroAula}`);
    },
  });
  const config = settings({ LESSON_CONCURRENCY: concurrency, AI_MAX_CALLS_PER_LESSON: 3, AI_MAX_CALLS_PER_PLAN_LESSON: 2, OUTAGE_WAIT_MS: 0 });
  const service = new GenerationService(fakeDatabase(journal), planos, planGeneration, lessonContent, aiCalls, writer, progress, new OutageRetry(config), config);
  return { service, journal, planEvents, lessonEvents, timeline, stores, requests, planGeneration, aiCalls };
}

/** Lets the service's promises run until `done` holds (bounded: fails loudly on a stall). */
async function settleUntil(done: () => boolean): Promise<void> {
  for (let turn = 0; turn < 100 && !done(); turn++) await new Promise((resolve) => setImmediate(resolve));
  expect(done()).toBe(true);
}

/** Where `entry` first stands in the journal (fails the spec when it is missing). */
function at(journal: Journal, entry: string): number {
  const index = journal.entries.indexOf(entry);
  expect(index).toBeGreaterThanOrEqual(0);
  return index;
}

describe('GenerationService', () => {
  quietLogs();

  describe('the start', () => {
    it('with the AI: the plan running, its first lesson running and that lesson\'s first call are committed in one transaction before the AI is asked', async () => {
      const { service, journal, aiCalls } = setup();
      await expect(service.generate(PLAN)).resolves.toBe('done');
      expect(journal.transactions()).toEqual([['begin', 'markPlanRunning', 'markFirstPendingLessonRunning', 'takeAiCall', 'call:1', 'commit']]);
      expect(at(journal, 'commit')).toBeLessThan(at(journal, 'ai:1'));
      expect(aiCalls.takeAiCall).toHaveBeenNthCalledWith(1, aulaId(1), { perLesson: 3, perPlanLesson: 2 });
      // The first lesson is running from that transaction: only the others are marked so one by one.
      expect(journal.count('markLessonRunning')).toBe(2);
      expect(journal.count('markPlanRunning')).toBe(1);
    });

    it.each([
      ['the plan is gone', null],
      ['the plan is done', 'done'],
      ['the plan failed', 'failed'],
    ] as const)('%s: skipped, with no AI call, nothing written and no event', async (_case, planState) => {
      const { service, journal, planEvents, stores } = setup({ planState });
      await expect(service.generate(PLAN)).resolves.toBe('skipped');
      expect(journal.entries.filter((e) => e.startsWith('ai:'))).toEqual([]);
      expect(journal.count('takeAiCall')).toBe(0);
      expect(stores).toEqual([]);
      expect(planEvents).toEqual([]);
    });

    it('a resumed job writes only the lessons not yet done, counting the others as done', async () => {
      const aulas = [lesson(1, { generationState: 'done', titulo: 'Já escrita' }), lesson(2), lesson(3)];
      const { service, stores, planEvents } = setup({ aulas });
      await service.generate(PLAN);
      expect(stores.map((s) => s.aulaId)).toEqual([aulaId(2), aulaId(3)]);
      expect(stores.every((s) => s.origem === 'geracao' && s.onlyIfNotDone)).toBe(true);
      expect(planEvents[0]).toEqual({ planId: PLAN, type: 'started', state: 'running', done: 1, total: 3 });
      expect(planEvents[planEvents.length - 1]).toEqual({ planId: PLAN, type: 'done', state: 'done', done: 3, total: 3 });
    });
  });

  describe('the first-lesson gate (fairness)', () => {
    it('the plan\'s first lesson asks the AI before any other lesson starts', async () => {
      const { service, journal, timeline } = setup({ aulas: [lesson(3), lesson(1), lesson(2)] });
      await service.generate(PLAN);
      const firstAsked = at(journal, 'ai:1');
      expect(firstAsked).toBeLessThan(at(journal, 'markLessonRunning'));
      expect(firstAsked).toBeLessThan(at(journal, 'ai:2'));
      expect(firstAsked).toBeLessThan(at(journal, 'ai:3'));
      expect(timeline.slice(0, 2)).toEqual(['started', 'lesson-started:1']);
    });

    it('the others go as soon as the first has its call, not when its answer comes', async () => {
      const first = held();
      const { service, stores } = setup({ hold: { 1: first.promise } });
      const generation = service.generate(PLAN);
      await settleUntil(() => stores.length === 2);
      expect(stores.map((s) => s.aulaId)).toEqual([aulaId(2), aulaId(3)]);
      first.release();
      await expect(generation).resolves.toBe('done');
      expect(stores.map((s) => s.aulaId)).toEqual([aulaId(2), aulaId(3), aulaId(1)]);
    });

    it('a first lesson that fails before its call does not hold the others', async () => {
      const { service, journal, stores, planGeneration } = setup({ grants: { 1: ['lesson-spent'] } });
      await expect(service.generate(PLAN)).resolves.toBe('done');
      expect(journal.count('ai:1')).toBe(0);
      expect(stores.map((s) => s.aulaId)).toEqual([aulaId(2), aulaId(3)]);
      expect(planGeneration.markLessonFailed).toHaveBeenCalledWith(aulaId(1), new AiError('budget').userMessage);
    });
  });

  describe('the AI-call grant (budgets)', () => {
    it('granted: every attempt takes its call before the AI is asked; the first lesson\'s first attempt spends the one taken at the start', async () => {
      const { service, journal } = setup({ ai: { 1: [new AiError('server'), 'answer'], 2: [new AiError('timeout'), 'answer'] } });
      await expect(service.generate(PLAN)).resolves.toBe('done');
      const ofLesson = (numero: number) => journal.entries.filter((e) => e === `call:${numero}` || e === `ai:${numero}`);
      // Lesson 1: the call taken at the start (in its transaction), then its retry's own.
      expect(ofLesson(1)).toEqual(['call:1', 'ai:1', 'call:1', 'ai:1']);
      expect(journal.transactions()[0]).toContain('call:1');
      expect(ofLesson(2)).toEqual(['call:2', 'ai:2', 'call:2', 'ai:2']);
      expect(ofLesson(3)).toEqual(['call:3', 'ai:3']);
    });

    it.each([
      ['the lesson\'s budget', 'lesson-spent'],
      ['the plan\'s budget', 'plan-spent'],
    ] as const)('refused (%s spent): the lesson fails with no AI call and the words for the teacher; the others are written', async (_case, grant) => {
      const { service, journal, planGeneration, planEvents, stores } = setup({ grants: { 2: [grant] } });
      await expect(service.generate(PLAN)).resolves.toBe('done');
      expect(journal.count('ai:2')).toBe(0);
      expect(stores.map((s) => s.aulaId).sort()).toEqual([aulaId(1), aulaId(3)]);
      const message = new AiError('budget').userMessage;
      expect(planGeneration.markLessonFailed).toHaveBeenCalledWith(aulaId(2), message);
      expect(planEvents).toContainEqual({ planId: PLAN, type: 'lesson-failed', state: 'running', done: expect.any(Number), total: 3, numeroAula: 2, error: message });
      expect(planEvents[planEvents.length - 1]).toMatchObject({ type: 'done', done: 2, total: 3 });
    });

    it('refused for every lesson: a lasting failure, the plan fails for good even with attempts left', async () => {
      const { service, planGeneration, journal } = setup({ grants: { 1: ['plan-spent'], 2: ['plan-spent'], 3: ['plan-spent'] } });
      await expect(service.generate(PLAN, false)).rejects.toThrow(UnrecoverableError);
      expect(journal.entries.filter((e) => e.startsWith('ai:'))).toEqual([]);
      expect(planGeneration.markPlanDone).not.toHaveBeenCalled();
    });
  });

  describe('the AI unreachable', () => {
    const network = () => new AiError('network');

    it('every lesson failing with attempts left: the job is retried (LessonsFailedError), the plan not ended', async () => {
      const { service, planGeneration, planEvents } = setup({ ai: { 1: [network()], 2: [network()], 3: [network()] } });
      const failure = service.generate(PLAN, false);
      await expect(failure).rejects.toThrow(LessonsFailedError);
      await expect(failure).rejects.toMatchObject({ userMessage: network().userMessage, retryable: true });
      expect(planGeneration.markLessonFailed).toHaveBeenCalledTimes(3);
      expect(planGeneration.markPlanDone).not.toHaveBeenCalled();
      expect(planEvents.map((e) => e.type)).not.toContain('done');
    });

    it('some lessons written, attempts left: the job is retried for the failed ones before settling', async () => {
      const { service, planGeneration } = setup({ ai: { 2: [network()] } });
      await expect(service.generate(PLAN, false)).rejects.toThrow(LessonsFailedError);
      expect(planGeneration.markPlanDone).not.toHaveBeenCalled();
    });

    it('some lessons written, last attempt: the plan ends done, the failed lesson marked failed (free to regenerate)', async () => {
      const { service, planGeneration, planEvents } = setup({ ai: { 2: [network(), network()] } });
      await expect(service.generate(PLAN, true)).resolves.toBe('done');
      expect(planGeneration.markLessonFailed).toHaveBeenCalledWith(aulaId(2), network().userMessage);
      expect(planGeneration.markPlanDone).toHaveBeenCalledWith(PLAN, 'openai', null);
      expect(planEvents[planEvents.length - 1]).toEqual({ planId: PLAN, type: 'done', state: 'done', done: 2, total: 3 });
    });

    it('every lesson failing on the last attempt: the plan fails (the processor ends it, credit back)', async () => {
      const { service, planGeneration } = setup({ ai: { 1: [network()], 2: [network()], 3: [network()] } });
      await expect(service.generate(PLAN, true)).rejects.toThrow(LessonsFailedError);
      expect(planGeneration.markPlanDone).not.toHaveBeenCalled();
    });

    it('a lasting error (credentials refused) with no lesson written fails for good at once', async () => {
      const { service } = setup({ ai: { 1: [new AiError('auth')], 2: [new AiError('auth')], 3: [new AiError('auth')] } });
      await expect(service.generate(PLAN, false)).rejects.toThrow(UnrecoverableError);
    });

    it('an error that is neither the AI\'s nor an outage fails the lesson as unknown', async () => {
      const { service, planGeneration } = setup({ store: { 2: new Error('violates check constraint') } });
      await expect(service.generate(PLAN, true)).resolves.toBe('done');
      expect(planGeneration.markLessonFailed).toHaveBeenCalledWith(aulaId(2), new AiError('unknown').userMessage);
    });
  });

  describe('an outage (PostgreSQL unreachable) is no lesson\'s failure', () => {
    it('storing a lesson: the lessons in flight settle, none starts after it, and the outage is thrown for the job to be set aside', async () => {
      const outage = unreachable();
      const { service, planGeneration, timeline, stores } = setup({ concurrency: 1, store: { 2: outage } });
      await expect(service.generate(PLAN)).rejects.toBe(outage);
      expect(stores.map((s) => s.aulaId)).toEqual([aulaId(1)]);
      expect(timeline).not.toContain('lesson-started:3');
      expect(planGeneration.markLessonFailed).not.toHaveBeenCalled();
      expect(planGeneration.markPlanDone).not.toHaveBeenCalled();
    });

    it('taking a lesson\'s AI call: that lesson asks no AI and is not marked failed', async () => {
      const outage = unreachable();
      const { service, journal, planGeneration, stores } = setup({ takeAiCallError: { 2: outage }, concurrency: 1 });
      await expect(service.generate(PLAN)).rejects.toBe(outage);
      expect(journal.count('ai:2')).toBe(0);
      expect(stores.map((s) => s.aulaId)).toEqual([aulaId(1)]);
      expect(planGeneration.markLessonFailed).not.toHaveBeenCalled();
    });

    it('starting the plan: nothing is committed, no AI is asked, no event goes out', async () => {
      const outage = unreachable();
      const { service, journal, planEvents } = setup({ takeAiCallError: { 1: outage } });
      await expect(service.generate(PLAN)).rejects.toBe(outage);
      expect(journal.transactions()).toEqual([['begin', 'markPlanRunning', 'markFirstPendingLessonRunning', 'takeAiCall', 'call:1', 'rollback']]);
      expect(journal.entries.filter((e) => e.startsWith('ai:'))).toEqual([]);
      expect(planEvents).toEqual([]);
    });

    it('marking a lesson running: the same, whatever lesson it hits', async () => {
      const outage = unreachable();
      const { service, planGeneration, stores } = setup({ markRunningError: outage });
      await expect(service.generate(PLAN, true)).rejects.toBe(outage);
      // The first lesson was running from the start: it is written; the others never started.
      expect(stores.map((s) => s.aulaId)).toEqual([aulaId(1)]);
      expect(planGeneration.markLessonFailed).not.toHaveBeenCalled();
      expect(planGeneration.markPlanDone).not.toHaveBeenCalled();
    });
  });

  describe('progress and streaming', () => {
    it('the plan\'s events in order, each with the lessons done so far, ending done', async () => {
      const { service, planEvents } = setup({ concurrency: 1, aulas: [lesson(1), lesson(2)] });
      await service.generate(PLAN);
      const base = { planId: PLAN, state: 'running', total: 2 };
      expect(planEvents).toEqual([
        { ...base, type: 'started', done: 0 },
        { ...base, type: 'lesson-started', done: 0, numeroAula: 1 },
        { ...base, type: 'lesson-done', done: 1, numeroAula: 1 },
        { ...base, type: 'lesson-started', done: 1, numeroAula: 2 },
        { ...base, type: 'lesson-done', done: 2, numeroAula: 2 },
        { planId: PLAN, type: 'done', state: 'done', done: 2, total: 2 },
      ]);
    });

    it('the AI\'s text goes out as lesson deltas while it writes, before the lesson is done; one still waiting at its end is dropped', async () => {
      const deltas: Record<string, string>[] = [{ titulo: 'Aula' }, { titulo: 'AulaRecord 1', objetivos: 'Obj' }];
      const { service, lessonEvents, timeline } = setup({ aulas: [lesson(1)], deltas: { 1: deltas } });
      await service.generate(PLAN);
      // At most one delta per 100 ms per lesson: the first at once, the second coalesced and dropped at the end.
      expect(lessonEvents).toEqual([{ planId: PLAN, aulaId: aulaId(1), numeroAula: 1, jobId: `plan-${PLAN}`, type: 'delta', state: 'running', campos: { titulo: 'Aula' } }]);
      expect(timeline).toEqual(['started', 'lesson-started:1', 'delta:1', 'lesson-done:1', 'done']);
    });

    it('a lesson stored by another run meanwhile is not counted twice', async () => {
      const { service, planEvents } = setup({ store: { 2: null } });
      await expect(service.generate(PLAN)).resolves.toBe('done');
      expect(planEvents[planEvents.length - 1]).toMatchObject({ type: 'done', done: 2, total: 3 });
    });

    it('an untitled plan is named after its lessons\' stored titles when it ends', async () => {
      const aulas = [lesson(1, { generationState: 'done', titulo: 'Frações na cozinha' }), lesson(2)];
      const { service, planGeneration } = setup({ aulas, temaAutomatico: true });
      await service.generate(PLAN);
      const [, , title] = jest.mocked(planGeneration.markPlanDone).mock.calls[0];
      expect(title).toContain('Frações na cozinha');
      expect(title).toContain('AulaRecord 2 escrita');
    });

    it('a plan the teacher titled keeps its title', async () => {
      const { service, planGeneration } = setup();
      await service.generate(PLAN);
      expect(planGeneration.markPlanDone).toHaveBeenCalledWith(PLAN, 'openai', null);
    });

    it('each lesson is written with the class, the plan\'s sequence in order and its own pins', async () => {
      const aulas = [lesson(2), lesson(1, { habilidadesFixadas: ['EF05MA04'] })];
      const { service, requests } = setup({ aulas });
      await service.generate(PLAN);
      const first = requests.find((r) => r.aula.numeroAula === 1)!;
      expect(first.turma).toMatchObject({ id: 'turma-1' });
      expect(first.sequencia).toEqual([
        { numeroAula: 1, prompt: 'Descrição da aula 1' },
        { numeroAula: 2, prompt: 'Descrição da aula 2' },
      ]);
      expect(first.pins).toEqual(['EF05MA04']);
      expect(requests.find((r) => r.aula.numeroAula === 2)!.pins).toEqual([]);
    });
  });

  describe('the offline drafter', () => {
    it('no start transaction: the plan is marked running once read, every lesson marked running, none waits for another', async () => {
      const first = held();
      const { service, journal, stores, planGeneration, lessonEvents } = setup({ kind: 'offline', hold: { 1: first.promise } });
      const generation = service.generate(PLAN);
      await settleUntil(() => stores.length === 2);
      expect(stores.map((s) => s.aulaId)).toEqual([aulaId(2), aulaId(3)]);
      first.release();
      await expect(generation).resolves.toBe('done');
      expect(journal.transactions()).toEqual([]);
      expect(journal.entries.slice(0, 2)).toEqual(['findPlanoWithAulas', 'markPlanRunning']);
      expect(journal.count('markFirstPendingLessonRunning')).toBe(0);
      expect(journal.count('markLessonRunning')).toBe(3);
      expect(planGeneration.markPlanDone).toHaveBeenCalledWith(PLAN, 'offline', null);
      expect(lessonEvents).toEqual([]);
    });

    it('a plan already ended is not started again', async () => {
      const { service, journal } = setup({ kind: 'offline', planState: 'done' });
      await expect(service.generate(PLAN)).resolves.toBe('skipped');
      expect(journal.entries).toEqual(['findPlanoWithAulas']);
    });
  });
});
