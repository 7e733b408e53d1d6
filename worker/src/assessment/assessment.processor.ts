import { Logger } from '@nestjs/common';
import { DelayedError, Job, UnrecoverableError } from 'bullmq';
import { generateAssessmentJobSchema, type GenerateAssessmentJob } from '@planejador/contracts';
import { QUEUES } from '@planejador/queue';
import { aiJobTuning, QueueProcessor, type FinalFailureHandlers, type JobHandlers, type QueueHandlers } from '../core/queue-processor';
import { OutageRetry } from '../generation/outage-retry';
import { AssessmentFinalizer } from './assessment.finalizer';
import { ASSESSMENT_FAILURE, AssessmentService, SkillFailedError } from './assessment.service';
import { AssessmentSweeper } from './assessment.sweeper';

type Assessment = typeof QUEUES.assessment;

/**
 * Thin: parse, write the assessment; after the last attempt it ends failed with its credit back. A worker killed
 * mid-job leaves the job active with a lapsing lock: BullMQ runs it again (stalled) and the sweeper re-queues an
 * assessment whose job is gone; either way only the skills not yet stored are written.
 */
@QueueProcessor(QUEUES.assessment, aiJobTuning)
export class AssessmentProcessor implements QueueHandlers<Assessment> {
  private readonly logger = new Logger(AssessmentProcessor.name);

  constructor(
    private readonly assessments: AssessmentService,
    private readonly finalizer: AssessmentFinalizer,
    private readonly sweeper: AssessmentSweeper,
    private readonly outage: OutageRetry,
  ) {}

  readonly handlers: JobHandlers<Assessment> = {
    'generate-assessment': (job) => this.generate(job),
    'sweep-assessments': () => this.sweeper.sweep(),
  };

  readonly onFinalFailure: FinalFailureHandlers<Assessment> = {
    'generate-assessment': async (job) => {
      const parsed = generateAssessmentJobSchema.safeParse(job.data);
      if (parsed.success) await this.finalizer.fail(parsed.data.avaliacaoId, ASSESSMENT_FAILURE);
    },
  };

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
}
