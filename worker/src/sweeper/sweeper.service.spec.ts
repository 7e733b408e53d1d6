import { LIMITS, type LessonGenerationState } from '@planejador/contracts';
import type {
  AiCallsRepository,
  CreditsRepository,
  EmailLogsRepository,
  ExportFilesRepository,
  FairnessRepository,
  AulasRepository,
  LessonContentRepository,
  PlanGenerationRepository,
  ReportsRepository,
  StalePlan,
  StaleRegeneration,
} from '@planejador/db';
import { jobIds, jobPriority, QUEUES } from '@planejador/queue';
import { fake, fakeDatabase, fakeProducer, Journal, quietLogs, settings, type QueuedJob } from '../../test/doubles';
import type { ProgressPublisher } from '../core/progress.publisher';
import type { LessonWriter } from '../generation/lesson-writer';
import { OutageRetry } from '../generation/outage-retry';
import { GENERIC_FAILURE, PlanFinalizer } from '../generation/plan-finalizer';
import { RegenerationService } from '../generation/regeneration.service';
import { SweeperService } from './sweeper.service';

const TEACHER = '00000000-0000-4000-8000-0000000000aa';
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** How many of the teacher's other jobs wait (the sweeper queues hers behind them: the queue's fairness). */
const BACKLOG = 2;

interface World {
  plans?: StalePlan[];
  regenerations?: (StaleRegeneration & { charged?: boolean; previousState?: LessonGenerationState })[];
  mails?: string[];
  jobs?: Parameters<typeof fakeProducer>[1];
}

/**
 * The sweeper over fake repositories that keep what PostgreSQL would: a plan is failed (and refunded) once, a
 * regeneration ended once. The finaliser and the regeneration's end are the real services on those repositories.
 */
function setup({ plans = [], regenerations = [], mails = [], jobs = {} }: World = {}) {
  const journal = new Journal();
  const refunded = new Set<string>();
  const pending = new Map(regenerations.map((r) => [r.id, { charged: r.charged ?? true, previousState: r.previousState ?? ('done' as LessonGenerationState) }]));
  // The plans' generation and their lessons' regenerations, one fake for both repositories.
  const planos = fake<PlanGenerationRepository & AulasRepository>(journal, {
    findStalePlans: async () => plans,
    markPlanRequeued: async () => undefined,
    markPlanFailedForRefund: async (planId: string) => {
      if (refunded.has(planId)) return null;
      refunded.add(planId);
      return { userId: plans.find((p) => p.id === planId)!.userId, done: 1, total: 3 };
    },
    findStaleRegenerations: async () => regenerations,
    touchLesson: async () => undefined,
    lockPendingRegeneration: async (aulaId: string) => pending.get(aulaId) ?? null,
    endRegeneration: async (aulaId: string) => void pending.delete(aulaId),
  });
  const credits = fake<CreditsRepository>(journal, { refundCredits: async () => undefined });
  const fairness = fake<FairnessRepository>(journal, { teacherBacklog: async () => BACKLOG });
  const emailLogs = fake<EmailLogsRepository>(journal, { findStaleEmailLogs: async () => mails.map((id) => ({ id })) });
  const exportFiles = fake<ExportFilesRepository>(journal, { deleteExpiredExportFiles: async () => undefined });
  const reports = fake<ReportsRepository>(journal, { deleteOldFrontendErrors: async () => 0 });
  const progress = fake<ProgressPublisher>(journal, { publish: () => undefined, publishLesson: () => undefined });
  const { producer, added } = fakeProducer(journal, jobs);
  const config = settings({ SWEEP_INTERVAL_MS: 30_000, OUTAGE_WAIT_MS: 0, AI_MAX_CALLS_PER_LESSON: 3 });
  const db = fakeDatabase(journal);
  const finalizer = new PlanFinalizer(db, planos, credits, progress);
  const unused = <T>() => fake<T>(journal, {});
  const regeneration = new RegenerationService(
    db,
    planos,
    unused<LessonContentRepository>(),
    unused<AiCallsRepository>(),
    credits,
    unused<LessonWriter>(),
    progress,
    new OutageRetry(config),
    config,
  );
  const sweeper = new SweeperService(planos, planos, fairness, emailLogs, exportFiles, reports, finalizer, regeneration, producer, config);
  return { sweeper, journal, added, planos, credits, jobs };
}

const plan = (n: number, generationState: 'queued' | 'running' = 'queued'): StalePlan => ({ id: uuid(n), userId: TEACHER, generationState });
const planJob = (n: number) => jobIds.generatePlan(uuid(n));

describe('SweeperService', () => {
  quietLogs();

  describe('stale plans', () => {
    it('a plan whose job is gone (Redis was down at the request) is queued again, behind the teacher\'s other jobs', async () => {
      const { sweeper, added, planos } = setup({ plans: [plan(1)] });
      await expect(sweeper.sweep()).resolves.toEqual({ requeued: 1, failed: 0, mails: 0 });
      expect(added).toEqual([{ name: 'generate-plan', payload: { planId: uuid(1), userId: TEACHER }, jobId: planJob(1), priority: jobPriority('first-generation', BACKLOG) }]);
      expect(planos.markPlanRequeued).toHaveBeenCalledWith(uuid(1));
    });

    it.each<QueuedJob['state']>(['completed', 'unknown'])('a plan whose job is %s but never ended it: the old job goes, a new one is queued', async (state) => {
      const { sweeper, added, jobs, journal } = setup({ plans: [plan(1, 'running')], jobs: { [QUEUES.generation]: { [planJob(1)]: { state } } } });
      await sweeper.sweep();
      expect(jobs[QUEUES.generation]).toEqual({});
      expect(journal.entries.indexOf('removeJob')).toBeLessThan(journal.entries.indexOf('enqueue'));
      expect(added.map((a) => a.jobId)).toEqual([planJob(1)]);
    });

    it.each<QueuedJob['state']>(['waiting', 'active', 'delayed', 'prioritized'])('a plan whose job is %s is left to it', async (state) => {
      const { sweeper, added, journal } = setup({ plans: [plan(1, 'running')], jobs: { [QUEUES.generation]: { [planJob(1)]: { state } } } });
      await expect(sweeper.sweep()).resolves.toEqual({ requeued: 0, failed: 0, mails: 0 });
      expect(added).toEqual([]);
      expect(journal.count('markPlanFailedForRefund')).toBe(0);
    });

    it('a plan whose job failed for good but was never finalised (the worker died) ends failed with its credit back once, however often it is swept', async () => {
      const { sweeper, journal, credits, planos } = setup({
        plans: [plan(1, 'running')],
        jobs: { [QUEUES.generation]: { [planJob(1)]: { state: 'failed', failedReason: 'O serviço de IA está indisponível.' } } },
      });
      await expect(sweeper.sweep()).resolves.toMatchObject({ failed: 1, requeued: 0 });
      await expect(sweeper.sweep()).resolves.toMatchObject({ failed: 0, requeued: 0 });
      expect(planos.markPlanFailedForRefund).toHaveBeenCalledWith(uuid(1), 'O serviço de IA está indisponível.');
      expect(credits.refundCredits).toHaveBeenCalledTimes(1);
      expect(credits.refundCredits).toHaveBeenCalledWith(TEACHER, LIMITS.planCost);
      // The plan's end and its refund are one transaction.
      expect(journal.transactions()[0]).toEqual(['begin', 'markPlanFailedForRefund', 'refundCredits', 'commit']);
    });

    it('a job that failed by stalling (its worker killed) gives the teacher the generic reason, not BullMQ\'s', async () => {
      const { sweeper, planos } = setup({
        plans: [plan(1, 'running')],
        jobs: { [QUEUES.generation]: { [planJob(1)]: { state: 'failed', failedReason: 'job stalled more than allowable limit' } } },
      });
      await sweeper.sweep();
      expect(planos.markPlanFailedForRefund).toHaveBeenCalledWith(uuid(1), GENERIC_FAILURE);
    });
  });

  describe('stale regenerations', () => {
    const request = { planId: uuid(10), aulaId: uuid(11), instrucao: 'Mais jogos', charged: true };
    const regeneration = (overrides: Partial<StaleRegeneration> = {}) => ({
      id: uuid(11),
      planoId: uuid(10),
      numeroAula: 2,
      userId: TEACHER,
      regenerationJobId: 'regen-job-1',
      regenerationRequest: request,
      ...overrides,
    });

    it('one whose job is gone is queued again from the stored request, with its owner, and its grace period starts again', async () => {
      const { sweeper, added, planos, credits } = setup({ regenerations: [regeneration()] });
      await expect(sweeper.sweep()).resolves.toMatchObject({ requeued: 1 });
      expect(added).toEqual([
        { name: 'regenerate-lesson', payload: { ...request, userId: TEACHER }, jobId: 'regen-job-1', priority: jobPriority('regeneration', BACKLOG) },
      ]);
      expect(planos.touchLesson).toHaveBeenCalledWith(uuid(11));
      expect(credits.refundCredits).not.toHaveBeenCalled();
    });

    it.each<QueuedJob['state']>(['failed', 'completed'])(
      'one whose job is %s without ending it: the lesson goes back to its text and the credit comes back, once',
      async (state) => {
        const { sweeper, added, planos, credits } = setup({ regenerations: [regeneration()], jobs: { [QUEUES.generation]: { 'regen-job-1': { state } } } });
        await sweeper.sweep();
        await sweeper.sweep();
        expect(added).toEqual([]);
        expect(planos.endRegeneration).toHaveBeenCalledTimes(1);
        expect(planos.endRegeneration).toHaveBeenCalledWith(uuid(11), 'done', expect.any(String));
        expect(credits.refundCredits).toHaveBeenCalledTimes(1);
        expect(credits.refundCredits).toHaveBeenCalledWith(TEACHER, LIMITS.regenerationCost);
      },
    );

    it('one whose stored request cannot be read is ended (not queued with a payload the worker would refuse)', async () => {
      const { sweeper, added, planos } = setup({ regenerations: [regeneration({ regenerationRequest: { planId: 'x' } })] });
      await sweeper.sweep();
      expect(added).toEqual([]);
      expect(planos.endRegeneration).toHaveBeenCalledTimes(1);
    });

    it('one whose job still waits or runs is left to it', async () => {
      const { sweeper, added, planos } = setup({ regenerations: [regeneration()], jobs: { [QUEUES.generation]: { 'regen-job-1': { state: 'active' } } } });
      await sweeper.sweep();
      expect(added).toEqual([]);
      expect(planos.endRegeneration).not.toHaveBeenCalled();
    });
  });

  describe('stale bulk e-mails', () => {
    const mailJob = (n: number) => jobIds.bulkMail(uuid(n));

    it('one stored but never queued, or whose job ended without finishing it, is queued again; one in progress is left', async () => {
      const { sweeper, added, jobs } = setup({
        mails: [uuid(1), uuid(2), uuid(3), uuid(4)],
        jobs: { [QUEUES.mail]: { [mailJob(2)]: { state: 'completed' }, [mailJob(3)]: { state: 'failed' }, [mailJob(4)]: { state: 'active' } } },
      });
      await expect(sweeper.sweep()).resolves.toMatchObject({ mails: 3 });
      expect(added).toEqual([1, 2, 3].map((n) => ({ name: 'send-mail', payload: { kind: 'bulk', logId: uuid(n) }, jobId: mailJob(n), priority: undefined })));
      expect(Object.keys(jobs[QUEUES.mail]!)).toEqual([mailJob(4)]);
    });
  });

  it('every sweep removes the export files nobody took and the old web error reports', async () => {
    const { sweeper, journal } = setup();
    await expect(sweeper.sweep()).resolves.toEqual({ requeued: 0, failed: 0, mails: 0 });
    expect(journal.count('deleteExpiredExportFiles')).toBe(1);
    expect(journal.count('deleteOldFrontendErrors')).toBe(1);
  });
});
