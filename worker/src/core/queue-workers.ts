import { Inject, Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { reportError, type Settings } from '@planejador/config';
import type { JobName, QueueName } from '@planejador/queue';
import { dispatcher, isFinalFailure, processorSpec, type ProcessorSpec } from './queue-processor';
import { REDIS, SETTINGS } from './tokens';

type Handler = (job: Job) => Promise<unknown>;

/** A processor as the process holds it: its handlers by job name, and what runs after a job's last failure. */
interface ProcessorInstance {
  handlers: Partial<Record<JobName, Handler>>;
  onFinalFailure?: Partial<Record<JobName, (job: Job, err: Error) => Promise<unknown>>>;
}

/**
 * Runs every @QueueProcessor of the process in a BullMQ worker of its queue: the connection, the key prefix, the
 * logging of failures (and the report of a job failed for good) and the graceful close. Every processor is checked
 * before any worker starts: a queue with a job name that has no handler (or two processors) stops the start.
 */
@Injectable()
export class QueueWorkers implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly workers: Worker[] = [];

  constructor(
    private readonly discovery: DiscoveryService,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {}

  onApplicationBootstrap(): void {
    const processors = this.discovery.getProviders().flatMap((wrapper) => {
      const spec = processorSpec(wrapper.metatype);
      return spec && wrapper.instance ? [{ spec, instance: wrapper.instance as ProcessorInstance }] : [];
    });
    const seen = new Set<QueueName>();
    const checked = processors.map(({ spec, instance }) => {
      if (seen.has(spec.queue)) throw new Error(`queue ${spec.queue}: more than one processor`);
      seen.add(spec.queue);
      return { spec, instance, process: dispatcher(spec.queue, instance.handlers) };
    });
    for (const { spec, instance, process } of checked) this.workers.push(this.start(spec, instance, process));
  }

  /**
   * Closed before any module's own shutdown (Redis, PostgreSQL): each worker finishes its active jobs first. The
   * processors' modules set aside what waits on an outage in their own beforeApplicationShutdown, which runs earlier.
   */
  async beforeApplicationShutdown(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.close()));
  }

  private start({ queue, tuning }: ProcessorSpec, instance: ProcessorInstance, process: Handler): Worker {
    const logger = new Logger(`queue:${queue}`);
    const worker = new Worker(queue, process, {
      connection: this.redis.duplicate({ maxRetriesPerRequest: null, enableOfflineQueue: true }),
      prefix: this.settings.QUEUE_PREFIX,
      ...tuning(this.settings),
    });
    worker.on('error', (err) => logger.warn({ err: err.message }, 'worker error'));
    worker.on('failed', (job, err) => {
      logger.warn({ jobId: job?.id, name: job?.name, attemptsMade: job?.attemptsMade, err: err.message }, 'job failed');
      if (!isFinalFailure(job, err)) return;
      // A job that will not be tried again is an error someone should look at.
      reportError(err, { queue, job: job?.name, jobId: job?.id });
      const finalize = job && instance.onFinalFailure?.[job.name as JobName];
      if (!job || !finalize) return;
      finalize(job, err).catch((e: Error) => logger.error({ jobId: job.id, name: job.name, err: e.message }, 'finalize failed'));
    });
    return worker;
  }
}
