import type { JobsOptions } from 'bullmq';
import type { Settings } from '@planejador/config';
import type { QueueName } from './names';
import { QUEUES } from './names';

/**
 * The first wait before a job is tried again (it doubles at each try): GENERATION_RETRY_BASE_MS for plans,
 * regenerations and assessments, MAIL_RETRY_BASE_MS for every e-mail (bulk, confirmation, reset).
 */
export type RetryBases = Pick<Settings, 'GENERATION_RETRY_BASE_MS' | 'MAIL_RETRY_BASE_MS'>;

/**
 * Retries, backoff and retention of every job, decided here once per queue: each producer (api and worker alike)
 * gives them to its queues as their defaults, and no call site sets its own.
 */
export function jobOptions(retry: RetryBases): Record<QueueName, JobsOptions> {
  const kept = { removeOnComplete: { age: 24 * 3600, count: 5000 }, removeOnFail: { age: 7 * 24 * 3600 } };
  return {
    [QUEUES.generation]: { attempts: 5, backoff: { type: 'exponential', delay: retry.GENERATION_RETRY_BASE_MS }, ...kept },
    // The api waits for an export with a time-out: one quick second try, and nothing kept for long.
    [QUEUES.export]: {
      attempts: 2,
      backoff: { type: 'fixed', delay: 500 },
      removeOnComplete: { age: 600, count: 500 },
      removeOnFail: { age: 24 * 3600 },
    },
    [QUEUES.assessment]: { attempts: 3, backoff: { type: 'exponential', delay: retry.GENERATION_RETRY_BASE_MS }, ...kept },
    [QUEUES.mail]: { attempts: 5, backoff: { type: 'exponential', delay: retry.MAIL_RETRY_BASE_MS }, ...kept },
    // A sweep that fails is not retried: the next scheduled one does the same work.
    [QUEUES.maintenance]: { attempts: 1, backoff: { type: 'fixed', delay: 1000 }, removeOnComplete: true, removeOnFail: { count: 100 } },
  };
}
