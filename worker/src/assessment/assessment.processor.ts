import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { DelayedError, Job, UnrecoverableError, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { generateAssessmentJobSchema, type GenerateAssessmentJob } from '@planejador/contracts';
import type { Settings } from '@planejador/config';
import { QUEUES } from '@planejador/queue';
import { createQueueWorker } from '../core/queue-worker.factory';
import { REDIS, SETTINGS } from '../core/tokens';
import { OutageRetry } from '../generation/outage-retry';
import { AssessmentFinalizer } from './assessment.finalizer';
import { ASSESSMENT_FAILURE, AssessmentService, SkillFailedError } from './assessment.service';
import { AssessmentSweeper } from './assessment.sweeper';

/**
 * Thin: parse, write the assessment; after the last attempt it ends failed with its credit back. A worker killed
 * mid-job leaves the job active with a lapsing lock: BullMQ runs it again (stalled) and the sweeper re-queues an
 * assessment whose job is gone; either way only the skills not yet stored are written.
 */
@Injectable()
export class AssessmentProcessor implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(AssessmentProcessor.name);
  private worker?: Worker;

  constructor(
    private readonly assessments: AssessmentService,
    private readonly finalizer: AssessmentFinalizer,
    private readonly sweeper: AssessmentSweeper,
    private readonly outage: OutageRetry,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {}

  onApplicationBootstrap(): void {
    this.worker = createQueueWorker(
      QUEUES.assessment,
      {
        'generate-assessment': (job) => this.generate(job),
        'sweep-assessments': () => this.sweeper.sweep(),
      },
      this.redis,
      { prefix: this.settings.QUEUE_PREFIX, concurrency: this.settings.WORKER_CONCURRENCY, lockDuration: this.settings.JOB_LOCK_MS, stalledInterval: this.settings.JOB_LOCK_MS, maxStalledCount: 3 },
    );
    this.worker.on('failed', (job, err) => {
      if (!job || job.name !== 'generate-assessment') return;
      const final = err instanceof UnrecoverableError || err.name === 'UnrecoverableError' || job.attemptsMade >= (job.opts.attempts ?? 1);
      if (!final) return;
      const parsed = generateAssessmentJobSchema.safeParse(job.data);
      if (!parsed.success) return;
      this.finalizer.fail(parsed.data.avaliacaoId, ASSESSMENT_FAILURE).catch((e) => this.logger.error({ err: (e as Error).message }, 'finalize failed'));
    });
  }

  private async generate(job: Job<GenerateAssessmentJob>) {
    const parsed = generateAssessmentJobSchema.safeParse(job.data);
    if (!parsed.success) throw new UnrecoverableError('payload inválido');
    try {
      return await this.outage.job(job, () => this.assessments.generate(parsed.data.avaliacaoId));
    } catch (err) {
      if (err instanceof DelayedError || err instanceof SkillFailedError || err instanceof UnrecoverableError) throw err;
      this.logger.error({ avaliacaoId: parsed.data.avaliacaoId, jobId: job.id, err: (err as Error)?.message }, 'assessment attempt failed');
      throw new Error(ASSESSMENT_FAILURE, { cause: err });
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker?.close();
  }
}
