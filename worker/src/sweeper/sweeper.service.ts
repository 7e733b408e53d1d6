import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import type { Settings } from '@planejador/config';
import { JobProducer, jobIds, QUEUES } from '@planejador/queue';
import { PlanFinalizer, GENERIC_FAILURE } from '../generation/plan-finalizer';
import { JOB_PRODUCER, SETTINGS } from '../core/tokens';

/**
 * The outbox sweeper: plans and e-mails are stored first and queued second, so a Redis outage (or a
 * crash in between) can leave one stored but not queued. Every SWEEP_INTERVAL_MS one worker (a BullMQ
 * job scheduler, so one at a time across processes) queues them again; job ids make that idempotent.
 */
@Injectable()
export class SweeperService implements OnApplicationBootstrap {
  private readonly logger = new Logger(SweeperService.name);

  constructor(
    private readonly em: EntityManager,
    private readonly finalizer: PlanFinalizer,
    @Inject(JOB_PRODUCER) private readonly producer: JobProducer,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.producer
      .queue(QUEUES.generation)
      .upsertJobScheduler('sweep-plans', { every: this.settings.SWEEP_INTERVAL_MS }, { name: 'sweep-plans', data: {}, opts: { removeOnComplete: true, removeOnFail: 100 } });
    // And once now: whatever was left while no worker ran.
    await this.sweep().catch((err) => this.logger.warn({ err: (err as Error).message }, 'initial sweep failed'));
  }

  async sweep(): Promise<{ requeued: number; failed: number; mails: number }> {
    const conn = this.em.fork().getConnection();
    const graceSeconds = Math.max(1, Math.round(this.settings.SWEEP_INTERVAL_MS / 1000));
    const plans = await conn.execute<{ id: string; generation_state: string }[]>(
      `select id, generation_state from planos_aula
        where generation_state in ('queued', 'running') and updated_at < now() - make_interval(secs => ?)
          and (queue_prefix = ? or queue_prefix is null)
        order by created_at limit 500`,
      [graceSeconds, this.settings.QUEUE_PREFIX],
    );
    const queue = this.producer.queue(QUEUES.generation);
    let requeued = 0;
    let failed = 0;
    for (const plan of plans) {
      const jobId = jobIds.generatePlan(plan.id);
      const job = await queue.getJob(jobId);
      const state = job ? await job.getState() : 'missing';
      if (state === 'failed') {
        // The last attempt failed but the plan was not finalised (the worker died in between).
        if (await this.finalizer.fail(plan.id, job?.failedReason && !/stalled/i.test(job.failedReason) ? job.failedReason : GENERIC_FAILURE)) failed++;
      } else if (state === 'missing' || state === 'completed' || state === 'unknown') {
        if (job) await job.remove().catch(() => undefined);
        await this.producer.enqueue('generate-plan', { planId: plan.id }, jobId, {
          backoff: { type: 'exponential', delay: this.settings.GENERATION_RETRY_BASE_MS },
        });
        await conn.execute(`update planos_aula set enqueued_at = now(), updated_at = now() where id = ?`, [plan.id]);
        requeued++;
      }
    }
    const mails = await conn.execute<{ id: string }[]>(
      `select id from email_logs where status = 'queued' and created_at < now() - make_interval(secs => ?)
          and (queue_prefix = ? or queue_prefix is null) limit 500`,
      [graceSeconds, this.settings.QUEUE_PREFIX],
    );
    let mailCount = 0;
    for (const mail of mails) {
      const jobId = jobIds.bulkMail(mail.id);
      const existing = await this.producer.queue(QUEUES.mail).getJob(jobId);
      if (!existing) {
        await this.producer.enqueue('send-mail', { kind: 'bulk', logId: mail.id }, jobId, {
          backoff: { type: 'exponential', delay: this.settings.MAIL_RETRY_BASE_MS },
        });
        mailCount++;
      }
    }
    if (requeued || failed || mailCount) this.logger.log({ requeued, failed, mails: mailCount }, 'sweep');
    return { requeued, failed, mails: mailCount };
  }
}
