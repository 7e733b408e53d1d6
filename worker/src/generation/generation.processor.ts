import { Logger } from '@nestjs/common';
import { DelayedError, Job, UnrecoverableError } from 'bullmq';
import { generatePlanJobSchema, regenerateLessonJobSchema, type GeneratePlanJob, type RegenerateLessonJob } from '@planejador/contracts';
import { QUEUES } from '@planejador/queue';
import { FairShare } from '../core/fair-share';
import { aiJobTuning, QueueProcessor, type FinalFailureHandlers, type JobHandlers, type QueueHandlers } from '../core/queue-processor';
import { GenerationService, LessonsFailedError } from './generation.service';
import { OutageRetry } from './outage-retry';
import { GENERIC_FAILURE, PlanFinalizer } from './plan-finalizer';
import { RegenerationService } from './regeneration.service';

/** How long a job beyond its teacher's share waits before it asks for a worker again. */
const FAIR_SHARE_RETRY_MS = 500;

type Generation = typeof QUEUES.generation;

/**
 * Thin: parse the payload, call the service; after the last attempt, end the plan failed with its credit back. A
 * run ended by PostgreSQL or Redis being unreachable spends no attempt: the job is set aside and resumes later.
 */
@QueueProcessor(QUEUES.generation, aiJobTuning)
export class GenerationProcessor implements QueueHandlers<Generation> {
  private readonly logger = new Logger(GenerationProcessor.name);

  constructor(
    private readonly generation: GenerationService,
    private readonly finalizer: PlanFinalizer,
    private readonly regeneration: RegenerationService,
    private readonly outage: OutageRetry,
    private readonly fair: FairShare,
  ) {}

  readonly handlers: JobHandlers<Generation> = {
    'generate-plan': (job) => this.fairly(job, generatePlanJobSchema.safeParse(job.data).data?.userId, () => this.generate(job)),
    'regenerate-lesson': (job) => this.fairly(job, regenerateLessonJobSchema.safeParse(job.data).data?.userId, () => this.regenerate(job)),
  };

  readonly onFinalFailure: FinalFailureHandlers<Generation> = {
    'generate-plan': async (job, err) => {
      const parsed = generatePlanJobSchema.safeParse(job.data);
      if (!parsed.success) return;
      const reason = err instanceof LessonsFailedError || err instanceof UnrecoverableError ? err.message : GENERIC_FAILURE;
      await this.finalizer.fail(parsed.data.planId, reason);
    },
  };

  /**
   * Runs the job within its teacher's share of the workers: when she already runs FAIR_SHARE_JOBS jobs, this one
   * waits (delayed, no attempt spent) and the free workers take other teachers' jobs first.
   */
  private async fairly<T>(job: Job, userId: string | undefined, work: () => Promise<T>): Promise<T> {
    if (!userId || !job.id || !job.token) return work();
    if (!(await this.fair.acquire(userId, job.id))) {
      await job.moveToDelayed(Date.now() + FAIR_SHARE_RETRY_MS, job.token);
      throw new DelayedError();
    }
    return this.fair.hold(userId, job.id, work);
  }

  private async generate(job: Job<GeneratePlanJob>) {
    const { planId } = generatePlanJobSchema.parse(job.data);
    try {
      return await this.outage.job(job, () => this.generation.generate(planId, job.attemptsMade + 1 >= (job.opts.attempts ?? 1)));
    } catch (err) {
      if (err instanceof DelayedError || err instanceof LessonsFailedError || err instanceof UnrecoverableError) throw err;
      // The job's failed reason is what the teacher reads when the sweeper ends the plan (a worker that died before
      // its 'failed' handler ran): only words meant for them go there; the error itself goes to the log.
      this.logger.error({ planId, jobId: job.id, attempt: job.attemptsMade + 1, err: (err as Error)?.message }, 'generation attempt failed');
      throw new Error(GENERIC_FAILURE, { cause: err });
    }
  }

  private async regenerate(job: Job<RegenerateLessonJob>) {
    const parsed = regenerateLessonJobSchema.safeParse(job.data);
    if (!parsed.success) throw new UnrecoverableError('payload inválido');
    const final = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
    return this.outage.job(job, () => this.regeneration.regenerate(String(job.id), parsed.data, final));
  }
}
