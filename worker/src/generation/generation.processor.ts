import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { DelayedError, Job, UnrecoverableError, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { generatePlanJobSchema, regenerateLessonJobSchema, type GeneratePlanJob, type RegenerateLessonJob } from '@planejador/contracts';
import type { Settings } from '@planejador/config';
import { QUEUES } from '@planejador/queue';
import { FairShare } from '../core/fair-share';
import { createQueueWorker } from '../core/queue-worker.factory';

/** How long a job beyond its teacher's share waits before it asks for a worker again. */
const FAIR_SHARE_RETRY_MS = 500;
import { REDIS, SETTINGS } from '../core/tokens';
import { GenerationService, LessonsFailedError } from './generation.service';
import { OutageRetry } from './outage-retry';
import { GENERIC_FAILURE, PlanFinalizer } from './plan-finalizer';
import { RegenerationService } from './regeneration.service';

/**
 * Thin: parse the payload, call the service; after the last attempt, end the plan failed with its credit back. A
 * run ended by PostgreSQL or Redis being unreachable spends no attempt: the job is set aside and resumes later.
 */
@Injectable()
export class GenerationProcessor implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(GenerationProcessor.name);
  private worker?: Worker;

  constructor(
    private readonly generation: GenerationService,
    private readonly finalizer: PlanFinalizer,
    private readonly regeneration: RegenerationService,
    private readonly outage: OutageRetry,
    private readonly fair: FairShare,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {}

  onApplicationBootstrap(): void {
    this.worker = createQueueWorker(
      QUEUES.generation,
      {
        'generate-plan': (job) => this.fairly(job, generatePlanJobSchema.safeParse(job.data).data?.userId, () => this.generate(job)),
        'regenerate-lesson': (job) => this.fairly(job, regenerateLessonJobSchema.safeParse(job.data).data?.userId, () => this.regenerate(job)),
      },
      this.redis,
      { prefix: this.settings.QUEUE_PREFIX, concurrency: this.settings.WORKER_CONCURRENCY, lockDuration: this.settings.JOB_LOCK_MS, stalledInterval: this.settings.JOB_LOCK_MS, maxStalledCount: 3 },
    );
    this.worker.on('failed', (job, err) => {
      if (!job || job.name !== 'generate-plan') return;
      const final = err instanceof UnrecoverableError || err.name === 'UnrecoverableError' || job.attemptsMade >= (job.opts.attempts ?? 1);
      if (!final) return;
      const parsed = generatePlanJobSchema.safeParse(job.data);
      if (!parsed.success) return;
      const reason = err instanceof LessonsFailedError || err instanceof UnrecoverableError ? err.message : GENERIC_FAILURE;
      this.finalizer.fail(parsed.data.planId, reason).catch((e) => this.logger.error({ err: (e as Error).message }, 'finalize failed'));
    });
  }

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

  async onApplicationShutdown(): Promise<void> {
    await this.worker?.close();
  }
}
