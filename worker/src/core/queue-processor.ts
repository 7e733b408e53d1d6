import { Injectable, type Type } from '@nestjs/common';
import { UnrecoverableError, type Job, type WorkerOptions } from 'bullmq';
import type { Settings } from '@planejador/config';
import { JOB_QUEUE, type JobName, type JobPayloads, type QueueJobName, type QueueName } from '@planejador/queue';

/** What a processor decides of its BullMQ worker; the connection and the key prefix are the process's. */
export type WorkerTuning = Pick<WorkerOptions, 'concurrency' | 'lockDuration' | 'stalledInterval' | 'maxStalledCount'>;

/** One handler per job name of the queue, each given the typed payload of libs/contracts (still parsed by its schema). */
export type JobHandlers<Q extends QueueName> = { [N in QueueJobName<Q>]: (job: Job<JobPayloads[N]>) => Promise<unknown> };

/** What runs once a job of that name has failed for good (no attempt left, or unrecoverable). */
export type FinalFailureHandlers<Q extends QueueName> = { [N in QueueJobName<Q>]?: (job: Job<JobPayloads[N]>, err: Error) => Promise<unknown> };

/** A queue's processor: thin handlers by job name; QueueWorkers (core) runs them in a BullMQ worker. */
export interface QueueHandlers<Q extends QueueName> {
  readonly handlers: JobHandlers<Q>;
  readonly onFinalFailure?: FinalFailureHandlers<Q>;
}

/** What @QueueProcessor records on the class. */
export interface ProcessorSpec {
  queue: QueueName;
  tuning: (settings: Settings) => WorkerTuning;
}

const PROCESSOR_SPEC = Symbol('queue processor');

/**
 * Declares a provider as the processor of one queue: the compiler checks that it has a handler for every job name the
 * queue carries, and QueueWorkers checks it again at start (the worker does not start otherwise).
 */
export function QueueProcessor<Q extends QueueName>(queue: Q, tuning: (settings: Settings) => WorkerTuning) {
  return (target: Type<QueueHandlers<Q>>): void => {
    Injectable()(target);
    Reflect.defineMetadata(PROCESSOR_SPEC, { queue, tuning } satisfies ProcessorSpec, target);
  };
}

/** The queue and tuning a class was declared with, if it is a processor. */
export function processorSpec(type: unknown): ProcessorSpec | undefined {
  return typeof type === 'function' ? (Reflect.getMetadata(PROCESSOR_SPEC, type) as ProcessorSpec | undefined) : undefined;
}

/** The AI jobs' workers (plans, lessons, assessments): a worker killed mid-job leaves a lock that lapses, and the job runs again. */
export function aiJobTuning(settings: Settings): WorkerTuning {
  return { concurrency: settings.WORKER_CONCURRENCY, lockDuration: settings.JOB_LOCK_MS, stalledInterval: settings.JOB_LOCK_MS, maxStalledCount: 3 };
}

/**
 * The function BullMQ calls for each job of the queue, dispatching by job name. It refuses a queue with a job name that
 * has no handler, so a job is never silently dropped.
 */
export function dispatcher(queue: QueueName, handlers: Partial<Record<JobName, (job: Job) => Promise<unknown>>>): (job: Job) => Promise<unknown> {
  const expected = (Object.keys(JOB_QUEUE) as JobName[]).filter((name) => JOB_QUEUE[name] === queue);
  const missing = expected.filter((name) => typeof handlers[name] !== 'function');
  if (missing.length) throw new Error(`queue ${queue}: no handler for ${missing.join(', ')}`);
  return async (job) => {
    const handler = handlers[job.name as JobName];
    if (!handler) throw new Error(`no handler for job ${job.name}`);
    return handler(job);
  };
}

/** A job that will not be tried again: unrecoverable, or its last attempt spent. */
export function isFinalFailure(job: Job | undefined, err: Error): boolean {
  return !job || err instanceof UnrecoverableError || err.name === 'UnrecoverableError' || job.attemptsMade >= (job.opts.attempts ?? 1);
}
