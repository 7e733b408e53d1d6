import { AiError, type LessonDraft } from '@planejador/ai';
import { LIMITS, MSG, type LessonGenerationState, type LessonProgressEvent, type RegenerateLessonJob } from '@planejador/contracts';
import type { AiCallsRepository, AulaRecord, AulasRepository, CreditsRepository, LessonContentRepository, PlanoRecord, StoreRequest, TurmaRecord } from '@planejador/db';
import { fake, fakeDatabase, Journal, quietLogs, settings } from '../../test/doubles';
import type { ProgressPublisher } from '../core/progress.publisher';
import type { LessonWriter, WriteRequest } from './lesson-writer';
import { OutageRetry } from './outage-retry';
import { RegenerationService } from './regeneration.service';

const PLAN = '00000000-0000-4000-8000-000000000001';
const AULA = '00000000-0000-4000-8000-000000000002';
const USER = '00000000-0000-4000-8000-000000000003';
const JOB = 'regenerate:job-1';

const draft: LessonDraft = {
  titulo: 'Frações na receita',
  verificacao: null,
  habilidadeCodes: ['EF05MA03'],
  habilidades: 'EF05MA03 nova',
  objetivos: 'Objetivos novos',
  objetosConhecimento: 'Frações',
  experiencias: 'Experiências novas',
  evidencias: 'Evidências novas',
} as LessonDraft;

/** The lesson's plan and class, as findAulaWithPlano reads them beside it. */
const plano = { id: PLAN, userId: USER } as PlanoRecord;
const turma = { id: 'turma-1', ano: '5', etapa: 'fundamental', barreiras: [] } as unknown as TurmaRecord;

/** The lesson as findAulaWithPlano reads it, pending this job's regeneration. */
function lesson(overrides: Partial<Record<string, unknown>> = {}): AulaRecord {
  return {
    id: AULA,
    planoId: PLAN,
    numeroAula: 2,
    materia: 'matematica',
    prompt: 'Frações',
    generationState: 'queued',
    regenerationJobId: JOB,
    habilidadeCodes: ['EF05MA04'],
    habilidadesFixadas: ['EF05MA04'],
    habilidades: 'EF05MA04 antiga',
    objetivos: 'Objetivos antigos',
    objetosConhecimento: 'Números',
    experiencias: 'Experiências antigas',
    evidencias: 'Evidências antigas',
    verificacao: null,
    dua: null,
    ...overrides,
  } as unknown as AulaRecord;
}

/** The lesson as storeLessonContent returns it: the new content at the next version. */
function stored(versao: number): AulaRecord {
  const now = new Date('2026-11-27T12:00:00Z');
  return { ...lesson(), ...draft, generationState: 'done', generationError: null, versao, avisos: [], regeneracoes: 1, createdAt: now, updatedAt: now } as unknown as AulaRecord;
}

interface Setup {
  aula?: AulaRecord | null;
  /** What the AI does on each attempt: a draft, or an error thrown. */
  ai?: () => LessonDraft;
  /** Calls left in the regeneration's budget (takeRegenerationAiCall). */
  calls?: number;
  /** The pending regeneration as lockPendingRegeneration reads it (null: already ended). */
  pending?: { charged: boolean; previousState: LessonGenerationState | null } | null;
  /** storeLessonContent's answer (null: the lesson is no longer this job's). */
  storedAula?: AulaRecord | null;
}

function setup({ aula = lesson(), ai = () => draft, calls = 3, pending = { charged: true, previousState: 'done' }, storedAula = stored(4) }: Setup = {}) {
  const journal = new Journal();
  const events: Omit<LessonProgressEvent, 'at'>[] = [];
  const requests: WriteRequest[] = [];
  const stores: StoreRequest[] = [];
  let callsLeft = calls;
  let pendingRow = pending;
  const aulas = fake<AulasRepository>(journal, {
    findAulaWithPlano: async () => aula && { aula, plano, turma },
    findLessonSequence: async () => [
      { numeroAula: 1, prompt: 'Introdução' },
      { numeroAula: 2, prompt: 'Frações' },
    ],
    lockPendingRegeneration: async () => pendingRow,
    endRegeneration: async () => {
      pendingRow = null; // the regeneration is over: no second end, no second refund
    },
  });
  const lessonContent = fake<LessonContentRepository>(journal, {
    storeLessonContent: async (request: StoreRequest) => {
      stores.push(request);
      return storedAula;
    },
  });
  const aiCalls = fake<AiCallsRepository>(journal, { takeRegenerationAiCall: async () => callsLeft-- > 0 });
  const credits = fake<CreditsRepository>(journal, { refundCredits: async () => undefined });
  // The writer: before each attempt it asks for a call from the budget; the AI answers (or fails) only after.
  const writer = fake<LessonWriter>(journal, {
    write: async (request: WriteRequest) => {
      requests.push(request);
      await request.beforeAttempt?.(1);
      journal.entries.push('ai');
      return ai();
    },
  });
  const progress = fake<ProgressPublisher>(journal, { publishLesson: (_user: string, event: Omit<LessonProgressEvent, 'at'>) => void events.push(event) });
  const config = settings({ AI_MAX_CALLS_PER_LESSON: 3, OUTAGE_WAIT_MS: 0 });
  const service = new RegenerationService(fakeDatabase(journal), aulas, lessonContent, aiCalls, credits, writer, progress, new OutageRetry(config), config);
  return { service, journal, events, requests, stores, aulas, credits };
}

const job = (data: Partial<RegenerateLessonJob> = {}): RegenerateLessonJob => ({ planId: PLAN, aulaId: AULA, charged: true, ...data });

describe('RegenerationService', () => {
  quietLogs();

  describe('admission: only the job the lesson is waiting for writes it', () => {
    it.each([
      ['the lesson is gone', null],
      ['another job owns the regeneration', lesson({ regenerationJobId: 'regenerate:job-0' })],
      ['the regeneration already ended', lesson({ generationState: 'done' })],
    ])('%s: skipped, with no AI call and nothing written', async (_case, aula) => {
      const { service, journal, events } = setup({ aula });
      await expect(service.regenerate(JOB, job(), true)).resolves.toBe('skipped');
      expect(journal.entries).toEqual(['findAulaWithPlano']);
      expect(events).toEqual([]);
    });
  });

  describe('a regeneration written', () => {
    it('stores the new text as a new version the teacher can undo, with the wish, and announces it', async () => {
      const { service, journal, events, stores } = setup();
      await expect(service.regenerate(JOB, job({ instrucao: 'Mais concreta' }), true)).resolves.toBe('done');
      expect(stores).toEqual([{ aulaId: AULA, draft, origem: 'regeneracao', campo: null, instrucao: 'Mais concreta', jobId: JOB }]);
      // Its call was taken from the budget before the AI was asked; no refund, no end of the regeneration.
      expect(journal.entries.indexOf('takeRegenerationAiCall')).toBeLessThan(journal.entries.indexOf('ai'));
      expect(journal.count('refundCredits')).toBe(0);
      expect(journal.count('endRegeneration')).toBe(0);
      expect(events.map((e) => e.type)).toEqual(['started', 'done']);
      expect(events[1]).toMatchObject({ planId: PLAN, aulaId: AULA, jobId: JOB, state: 'done', versao: 4 });
      expect(events[1].aula).toMatchObject({ id: AULA, versao: 4, experiencias: 'Experiências novas', generation: { state: 'done' } });
    });

    it('one field: only that field is asked and stored; the lesson keeps its skills as pins', async () => {
      const { service, stores, requests } = setup();
      await service.regenerate(JOB, job({ campo: 'objetivos' }), true);
      expect(requests[0].pins).toEqual(['EF05MA04']);
      expect(requests[0].regeneration).toMatchObject({ campo: 'objetivos', current: { objetivos: 'Objetivos antigos' } });
      expect(requests[0].sequencia).toHaveLength(2);
      expect(stores[0]).toMatchObject({ campo: 'objetivos', origem: 'regeneracao' });
    });

    it("an adaptation is kept as an 'adaptacao' version naming the barreira and the wish", async () => {
      const { service, stores } = setup();
      await service.regenerate(JOB, job({ campo: 'experiencias', adaptacao: 'leitura', instrucao: 'Com imagens' }), true);
      expect(stores[0]).toMatchObject({ origem: 'adaptacao', campo: 'experiencias', instrucao: 'Adaptação para Leitura: Com imagens' });
    });

    it('a lesson no longer this job\'s when the answer arrives is left as it is (skipped, nothing announced as done)', async () => {
      const { service, events, journal } = setup({ storedAula: null });
      await expect(service.regenerate(JOB, job(), true)).resolves.toBe('skipped');
      expect(events.map((e) => e.type)).toEqual(['started']);
      expect(journal.count('refundCredits')).toBe(0);
    });
  });

  describe('the AI fails', () => {
    const serverError = () => {
      throw new AiError('server');
    };

    it('with attempts left and a passing error: the job is retried, the lesson and the credit untouched', async () => {
      const { service, journal, events } = setup({ ai: serverError });
      await expect(service.regenerate(JOB, job(), false)).rejects.toMatchObject({ kind: 'server' });
      expect(journal.count('storeLessonContent')).toBe(0);
      expect(journal.count('endRegeneration')).toBe(0);
      expect(journal.count('refundCredits')).toBe(0);
      expect(events.map((e) => e.type)).toEqual(['started']);
    });

    it('finally, a paid regeneration of a written lesson: the lesson keeps its text and the credit comes back, in one transaction', async () => {
      const { service, journal, events, stores } = setup({ ai: serverError, pending: { charged: true, previousState: 'done' } });
      await expect(service.regenerate(JOB, job(), true)).resolves.toBe('failed');
      expect(stores).toEqual([]);
      expect(journal.transactions()).toEqual([['begin', 'lockPendingRegeneration', 'endRegeneration', 'refundCredits', 'commit']]);
      expect(journal.count('refundCredits')).toBe(1);
      expect(events[events.length - 1]).toMatchObject({ type: 'failed', state: 'done', error: MSG.regenerationFailedKept, creditRefunded: true });
    });

    it('refunds the regeneration cost to the owner', async () => {
      const { service, credits } = setup({ ai: serverError });
      await service.regenerate(JOB, job(), true);
      expect(credits.refundCredits).toHaveBeenCalledWith(USER, LIMITS.regenerationCost);
    });

    it('finally, a free regeneration: the lesson keeps its text, no credit moves', async () => {
      const { service, journal, events } = setup({ ai: serverError, pending: { charged: false, previousState: 'done' } });
      await expect(service.regenerate(JOB, job({ charged: false }), true)).resolves.toBe('failed');
      expect(journal.transactions()).toEqual([['begin', 'lockPendingRegeneration', 'endRegeneration', 'commit']]);
      expect(events[events.length - 1]).toMatchObject({ type: 'failed', state: 'done', error: MSG.regenerationFailedKeptFree, creditRefunded: false });
    });

    it('finally, a lesson that had failed before stays failed, with the reason the teacher can read', async () => {
      const { service, aulas, events } = setup({ ai: serverError, pending: { charged: false, previousState: 'failed' } });
      await service.regenerate(JOB, job({ charged: false }), true);
      const reason = new AiError('server').userMessage;
      expect(aulas.endRegeneration).toHaveBeenCalledWith(AULA, 'failed', reason);
      expect(events[events.length - 1]).toMatchObject({ type: 'failed', state: 'failed', error: reason, creditRefunded: false });
    });

    it('an adaptation whose text would pass the caps ends at once: the lesson keeps its text, the credit comes back, the page reads why', async () => {
      const why = MSG.generatedTooLong('Experiências de Aprendizagem');
      const { service, events, stores, credits } = setup({
        ai: () => {
          throw new AiError('too-long', { detail: 'experiencias', userMessage: why });
        },
      });
      await expect(service.regenerate(JOB, job({ campo: 'experiencias', adaptacao: 'leitura' }), false)).resolves.toBe('failed');
      expect(stores).toEqual([]);
      expect(credits.refundCredits).toHaveBeenCalledWith(USER, LIMITS.regenerationCost);
      expect(events[events.length - 1]).toMatchObject({ type: 'failed', state: 'done', error: `${why} ${MSG.regenerationFailedKept}`, creditRefunded: true });
    });

    it('a lasting error (no retry would help) ends it at once, even with attempts left', async () => {
      const { service, journal } = setup({
        ai: () => {
          throw new AiError('auth');
        },
      });
      await expect(service.regenerate(JOB, job(), false)).resolves.toBe('failed');
      expect(journal.count('refundCredits')).toBe(1);
    });

    it('its budget of calls spent: no AI call is made, and it ends with the credit back', async () => {
      const { service, journal } = setup({ calls: 0 });
      await expect(service.regenerate(JOB, job(), false)).resolves.toBe('failed');
      expect(journal.count('ai')).toBe(0);
      expect(journal.count('storeLessonContent')).toBe(0);
      expect(journal.count('refundCredits')).toBe(1);
    });
  });

  describe('fail (also the sweeper\'s way to end a regeneration whose job is gone)', () => {
    const base = { planId: PLAN, aulaId: AULA, numeroAula: 2, jobId: JOB };

    it('gives the credit back exactly once, however often it is called', async () => {
      const { service, journal, events } = setup();
      await expect(service.fail(JOB, AULA, 'motivo', USER, base)).resolves.toBe(true);
      await expect(service.fail(JOB, AULA, 'motivo', USER, base)).resolves.toBe(false);
      expect(journal.count('refundCredits')).toBe(1);
      expect(events.filter((e) => e.type === 'failed')).toHaveLength(1);
    });

    it('writes nothing when the refund cannot be written (the transaction is rolled back, the caller sees the error)', async () => {
      const { service, journal, credits, events } = setup();
      jest.mocked(credits.refundCredits).mockRejectedValueOnce(new Error('connection lost'));
      await expect(service.fail(JOB, AULA, 'motivo', USER, base)).rejects.toThrow('connection lost');
      expect(journal.transactions()).toEqual([['begin', 'lockPendingRegeneration', 'endRegeneration', 'rollback']]);
      expect(events).toEqual([]);
    });
  });
});
