import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import type { Settings } from '@planejador/config';
import { AvaliacoesRepository } from '@planejador/db';
import { JobProducer, jobIds, QUEUES } from '@planejador/queue';
import { JOB_PRODUCER, SETTINGS } from '../core/tokens';
import { AssessmentFinalizer } from './assessment.finalizer';
import { ASSESSMENT_FAILURE } from './assessment.service';

/**
 * Assessments are stored first and queued second: one left 'queued' or 'running' with no job to finish it (Redis
 * down at the request, or its job gone) is queued again; one whose job failed for good without being finalised (the
 * worker died in between) ends failed with its credit back. Every SWEEP_INTERVAL_MS, one worker at a time.
 */
@Injectable()
export class AssessmentSweeper implements OnApplicationBootstrap {
  private readonly logger = new Logger(AssessmentSweeper.name);

  constructor(
    private readonly avaliacoes: AvaliacoesRepository,
    private readonly finalizer: AssessmentFinalizer,
    @Inject(JOB_PRODUCER) private readonly producer: JobProducer,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.producer
      .queue(QUEUES.assessment)
      .upsertJobScheduler('sweep-assessments', { every: this.settings.SWEEP_INTERVAL_MS }, { name: 'sweep-assessments', data: {}, opts: { removeOnComplete: true, removeOnFail: 100 } });
    await this.sweep().catch((err) => this.logger.warn({ err: (err as Error).message }, 'initial assessment sweep failed'));
  }

  async sweep(): Promise<{ requeued: number; failed: number }> {
    const graceSeconds = Math.max(1, Math.round(this.settings.SWEEP_INTERVAL_MS / 1000));
    let requeued = 0;
    let failed = 0;
    for (const { id } of await this.avaliacoes.findStaleAvaliacoes(graceSeconds)) {
      const jobId = jobIds.generateAssessment(id);
      const { state } = await this.producer.jobState(QUEUES.assessment, jobId);
      if (state === 'failed') {
        if (await this.finalizer.fail(id, ASSESSMENT_FAILURE)) failed++;
      } else if (state === 'missing' || state === 'completed' || state === 'unknown') {
        if (state !== 'missing') await this.producer.removeJob(QUEUES.assessment, jobId);
        await this.producer.enqueue('generate-assessment', { avaliacaoId: id }, jobId);
        await this.avaliacoes.markAvaliacaoEnqueued(id);
        requeued++;
      }
    }
    if (requeued || failed) this.logger.log({ requeued, failed }, 'assessment sweep');
    return { requeued, failed };
  }
}
