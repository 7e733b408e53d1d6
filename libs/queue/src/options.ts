import type { JobsOptions } from 'bullmq';
import type { QueueName } from './names';
import { QUEUES } from './names';

/** Retries, backoff and retention, set once per queue. */
export const DEFAULT_JOB_OPTIONS: Record<QueueName, JobsOptions> = {
  [QUEUES.generation]: {
    attempts: 5,
    backoff: { type: 'exponential', delay: 2000 },
    removeOnComplete: { age: 24 * 3600, count: 5000 },
    removeOnFail: { age: 7 * 24 * 3600 },
  },
  [QUEUES.export]: {
    attempts: 2,
    backoff: { type: 'fixed', delay: 500 },
    removeOnComplete: { age: 600, count: 500 },
    removeOnFail: { age: 24 * 3600 },
  },
  [QUEUES.assessment]: {
    attempts: 3,
    backoff: { type: 'exponential', delay: 2000 },
    removeOnComplete: { age: 24 * 3600, count: 5000 },
    removeOnFail: { age: 7 * 24 * 3600 },
  },
  [QUEUES.mail]: {
    attempts: 5,
    backoff: { type: 'exponential', delay: 1000 },
    removeOnComplete: { age: 24 * 3600, count: 5000 },
    removeOnFail: { age: 7 * 24 * 3600 },
  },
};
