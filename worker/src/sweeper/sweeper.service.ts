import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import type { Settings } from '@planejador/config';
import { AulasRepository, EmailLogsRepository, ExportFilesRepository, FairnessRepository, PlanGenerationRepository, ReportsRepository } from '@planejador/db';
import { JobProducer, jobIds, jobPriority, JOBS, QUEUES } from '@planejador/queue';
import { PlanFinalizer, GENERIC_FAILURE } from '../generation/plan-finalizer';
import { RegenerationService } from '../generation/regeneration.service';
import { regenerateLessonJobSchema } from '@planejador/contracts';
import { JOB_PRODUCER, SETTINGS } from '../core/tokens';

const GENERIC_LESSON_FAILURE = 'Não foi possível gerar esta aula novamente. Tente outra vez.';

/**
 * The outbox sweeper: plans and e-mails are stored first and queued second, so a Redis outage (or a
 * crash in between) can leave one stored but not queued. Every SWEEP_INTERVAL_MS one worker (a BullMQ
 * job scheduler, so one at a time across processes) queues them again; job ids make that idempotent.
 */
@Injectable()
export class SweeperService implements OnApplicationBootstrap {
  private readonly logger = new Logger(SweeperService.name);

  constructor(
    private readonly aulas: AulasRepository,
    private readonly planGeneration: PlanGenerationRepository,
    private readonly fairness: FairnessRepository,
    private readonly emailLogs: EmailLogsRepository,
    private readonly exportFiles: ExportFilesRepository,
    private readonly reports: ReportsRepository,
    private readonly finalizer: PlanFinalizer,
    private readonly regeneration: RegenerationService,
    @Inject(JOB_PRODUCER) private readonly producer: JobProducer,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    // Scheduled on its own queue (SweeperProcessor); a scheduler left on the generation queue by an older worker goes.
    await this.producer.queue(QUEUES.generation).removeJobScheduler(JOBS.sweepPlans);
    await this.producer.queue(QUEUES.maintenance).upsertJobScheduler(JOBS.sweepPlans, { every: this.settings.SWEEP_INTERVAL_MS }, { name: JOBS.sweepPlans, data: {} });
    // And once now: whatever was left while no worker ran.
    await this.sweep().catch((err) => this.logger.warn({ err: (err as Error).message }, 'initial sweep failed'));
  }

  /**
   * Lesson regenerations stored but not queued (Redis down at the request), or whose job is gone: queued again
   * from the stored request; one whose job failed for good without being finalised ends failed (credit back).
   */
  private async sweepRegenerations(graceSeconds: number): Promise<number> {
    const lessons = await this.aulas.findStaleRegenerations(graceSeconds);
    let requeued = 0;
    for (const lesson of lessons) {
      const jobId = lesson.regenerationJobId;
      const { state } = await this.producer.jobState(QUEUES.generation, jobId);
      const base = { planId: lesson.planoId, aulaId: lesson.id, numeroAula: lesson.numeroAula, jobId };
      const request = regenerateLessonJobSchema.safeParse(lesson.regenerationRequest);
      if (state === 'failed' || state === 'completed' || !request.success) {
        await this.regeneration.fail(jobId, lesson.id, GENERIC_LESSON_FAILURE, lesson.userId, base);
      } else if (state === 'missing' || state === 'unknown') {
        await this.producer.enqueue('regenerate-lesson', { ...request.data, userId: lesson.userId }, jobId, {
          priority: jobPriority('regeneration', await this.fairness.teacherBacklog(lesson.userId, 'regeneration', lesson.id)),
        });
        await this.aulas.touchLesson(lesson.id);
        requeued++;
      }
    }
    return requeued;
  }

  async sweep(): Promise<{ requeued: number; failed: number; mails: number }> {
    const graceSeconds = Math.max(1, Math.round(this.settings.SWEEP_INTERVAL_MS / 1000));
    const plans = await this.planGeneration.findStalePlans(graceSeconds);
    let requeued = 0;
    let failed = 0;
    for (const plan of plans) {
      const jobId = jobIds.generatePlan(plan.id);
      const { state, failedReason } = await this.producer.jobState(QUEUES.generation, jobId);
      if (state === 'failed') {
        // The last attempt failed but the plan was not finalised (the worker died in between).
        if (await this.finalizer.fail(plan.id, failedReason && !/stalled/i.test(failedReason) ? failedReason : GENERIC_FAILURE)) failed++;
      } else if (state === 'missing' || state === 'completed' || state === 'unknown') {
        if (state !== 'missing') await this.producer.removeJob(QUEUES.generation, jobId);
        await this.producer.enqueue('generate-plan', { planId: plan.id, userId: plan.userId }, jobId, {
          priority: jobPriority('first-generation', await this.fairness.teacherBacklog(plan.userId, 'first-generation', plan.id)),
        });
        await this.planGeneration.markPlanRequeued(plan.id);
        requeued++;
      }
    }
    requeued += await this.sweepRegenerations(graceSeconds);
    // Bulk sends stored but not queued, or stuck in 'sending' with no job left to finish them (the worker died
    // in between): queued again. Per-recipient state means nobody is mailed twice.
    const mails = await this.emailLogs.findStaleEmailLogs(graceSeconds);
    let mailCount = 0;
    for (const mail of mails) {
      const jobId = jobIds.bulkMail(mail.id);
      const { state } = await this.producer.jobState(QUEUES.mail, jobId);
      if (state === 'completed' || state === 'failed') await this.producer.removeJob(QUEUES.mail, jobId);
      if (state === 'missing' || state === 'completed' || state === 'failed' || state === 'unknown') {
        await this.producer.enqueue('send-mail', { kind: 'bulk', logId: mail.id }, jobId);
        mailCount++;
      }
    }
    // Export files the api never streamed (the request timed out or went away).
    await this.exportFiles.deleteExpiredExportFiles();
    // Web error reports are kept 30 days.
    await this.reports.deleteOldFrontendErrors();
    if (requeued || failed || mailCount) this.logger.log({ requeued, failed, mails: mailCount }, 'sweep');
    return { requeued, failed, mails: mailCount };
  }
}
