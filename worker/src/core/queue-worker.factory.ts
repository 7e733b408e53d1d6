import { Logger } from '@nestjs/common';
import { Job, Worker, type WorkerOptions } from 'bullmq';
import type { Redis } from 'ioredis';
import { reportError } from '@planejador/config';
import { JOB_QUEUE, type JobName, type JobPayloads, type QueueName } from '@planejador/queue';

/** One handler per job name, each given the typed payload of libs/contracts (still parsed by its schema). */
export type JobHandlers = { [K in JobName]?: (job: Job<JobPayloads[K]>) => Promise<unknown> };

/**
 * A BullMQ worker for one queue that dispatches by job name. Start-up fails when a job name that the
 * queue carries has no handler, so a job is never silently dropped.
 */
export function createQueueWorker(
  queue: QueueName,
  handlers: JobHandlers,
  connection: Redis,
  options: Omit<WorkerOptions, 'connection'>,
): Worker {
  const expected = (Object.keys(JOB_QUEUE) as JobName[]).filter((name) => JOB_QUEUE[name] === queue);
  const missing = expected.filter((name) => !handlers[name]);
  if (missing.length) throw new Error(`queue ${queue}: no handler for ${missing.join(', ')}`);
  const logger = new Logger(`queue:${queue}`);
  const worker = new Worker(
    queue,
    async (job: Job) => {
      const handler = handlers[job.name as JobName] as ((job: Job) => Promise<unknown>) | undefined;
      if (!handler) throw new Error(`no handler for job ${job.name}`);
      return handler(job);
    },
    { connection: connection.duplicate({ maxRetriesPerRequest: null, enableOfflineQueue: true }), ...options },
  );
  worker.on('error', (err) => logger.warn({ err: err.message }, 'worker error'));
  worker.on('failed', (job, err) => {
    logger.warn({ jobId: job?.id, name: job?.name, attemptsMade: job?.attemptsMade, err: err.message }, 'job failed');
    // A job that will not be tried again is an error someone should look at.
    const final = !job || err.name === 'UnrecoverableError' || job.attemptsMade >= (job.opts.attempts ?? 1);
    if (final) reportError(err, { queue, job: job?.name, jobId: job?.id });
  });
  return worker;
}
