import { LIMITS } from '@planejador/contracts';
import type { AvaliacoesRepository, CreditsRepository } from '@planejador/db';
import { jobIds, QUEUES } from '@planejador/queue';
import { fake, fakeDatabase, fakeProducer, Journal, quietLogs, settings, type QueuedJob } from '../../test/doubles';
import type { ProgressPublisher } from '../core/progress.publisher';
import { AssessmentFinalizer } from './assessment.finalizer';
import { ASSESSMENT_FAILURE } from './assessment.service';
import { AssessmentSweeper } from './assessment.sweeper';

const TEACHER = '00000000-0000-4000-8000-0000000000aa';
const AVALIACAO = '00000000-0000-4000-8000-000000000001';
const JOB = jobIds.generateAssessment(AVALIACAO);

/** The sweeper and the real finaliser over fake repositories that fail (and refund) an assessment once. */
function setup(job?: QueuedJob) {
  const journal = new Journal();
  let refunded = false;
  const avaliacoes = fake<AvaliacoesRepository>(journal, {
    findStaleAvaliacoes: async () => [{ id: AVALIACAO }],
    markAvaliacaoEnqueued: async () => undefined,
    markAvaliacaoFailedForRefund: async () => {
      if (refunded) return null;
      refunded = true;
      return { userId: TEACHER, done: 1, total: 2 };
    },
  });
  const credits = fake<CreditsRepository>(journal, { refundCredits: async () => undefined });
  const progress = fake<ProgressPublisher>(journal, { publishAssessment: () => undefined });
  const { producer, added } = fakeProducer(journal, job ? { [QUEUES.assessment]: { [JOB]: job } } : {});
  const finalizer = new AssessmentFinalizer(fakeDatabase(journal), avaliacoes, credits, progress);
  const sweeper = new AssessmentSweeper(avaliacoes, finalizer, producer, settings({ SWEEP_INTERVAL_MS: 30_000 }));
  return { sweeper, journal, added, avaliacoes, credits };
}

describe('AssessmentSweeper', () => {
  quietLogs();

  it.each<[string, QueuedJob | undefined]>([
    ['never queued (Redis down at the request)', undefined],
    ['whose job completed without ending it', { state: 'completed' }],
  ])('an assessment %s is queued again', async (_case, job) => {
    const { sweeper, added, avaliacoes } = setup(job);
    await expect(sweeper.sweep()).resolves.toEqual({ requeued: 1, failed: 0 });
    expect(added).toEqual([{ name: 'generate-assessment', payload: { avaliacaoId: AVALIACAO }, jobId: JOB, priority: undefined }]);
    expect(avaliacoes.markAvaliacaoEnqueued).toHaveBeenCalledWith(AVALIACAO);
  });

  it('an assessment whose job still runs is left to it', async () => {
    const { sweeper, added, journal } = setup({ state: 'active' });
    await expect(sweeper.sweep()).resolves.toEqual({ requeued: 0, failed: 0 });
    expect(added).toEqual([]);
    expect(journal.count('markAvaliacaoFailedForRefund')).toBe(0);
  });

  it('an assessment whose job failed for good, never finalised, ends failed with its credit back once, in one transaction', async () => {
    const { sweeper, journal, avaliacoes, credits } = setup({ state: 'failed', failedReason: 'boom' });
    await expect(sweeper.sweep()).resolves.toEqual({ requeued: 0, failed: 1 });
    await expect(sweeper.sweep()).resolves.toEqual({ requeued: 0, failed: 0 });
    expect(avaliacoes.markAvaliacaoFailedForRefund).toHaveBeenCalledWith(AVALIACAO, ASSESSMENT_FAILURE);
    expect(credits.refundCredits).toHaveBeenCalledTimes(1);
    expect(credits.refundCredits).toHaveBeenCalledWith(TEACHER, LIMITS.assessmentCost);
    expect(journal.transactions()[0]).toEqual(['begin', 'markAvaliacaoFailedForRefund', 'refundCredits', 'commit']);
  });
});
