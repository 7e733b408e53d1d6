import { waitFor } from './wait';

/**
 * What these waits read from a BullMQ Queue. The test passes its own queue (the api's JobProducer, or one it opens
 * with the run's REDIS_URL and QUEUE_PREFIX), so libs/testing needs no BullMQ of its own.
 */
export interface QueueReader {
  getJobState(jobId: string): Promise<string>;
  getJobScheduler(id: string): Promise<{ next?: number | null } | undefined | null>;
}

/** A job's state: a finished job removed on completion reads 'unknown', as does one never added. */
type JobState = 'waiting' | 'prioritized' | 'delayed' | 'active' | 'waiting-children' | 'completed' | 'failed' | 'unknown';

/**
 * Polls a job until it is in one of `states` (for example 'active': a worker took it; 'completed': nothing more will
 * come of it), instead of sleeping and hoping it got there.
 */
export async function waitForJobState(
  queue: Pick<QueueReader, 'getJobState'>,
  jobId: string,
  states: readonly JobState[],
  { timeoutMs = 30000, intervalMs = 50 }: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<JobState> {
  return waitFor(
    async () => {
      const state = (await queue.getJobState(jobId)) as JobState;
      return states.includes(state) ? state : null;
    },
    { timeoutMs, intervalMs, what: `job ${jobId} to be ${states.join(' or ')}` },
  );
}

/**
 * Resolves once a run of the job scheduler `schedulerId` (a repeated job such as the worker's sweep) that had not
 * started when this was called has ended: whatever that run would do has been done. For tests that prove nothing
 * more happens after an event, by waiting for the run that would do it rather than for a while.
 */
export async function waitForSchedulerRun(queue: QueueReader, schedulerId: string, { timeoutMs = 30000 }: { timeoutMs?: number } = {}): Promise<void> {
  // The scheduler's next iteration is a job `repeat:<id>:<next>`, added when the previous one starts: take one that
  // is still to start (not the one a worker may be running now).
  const jobId = await waitFor(
    async () => {
      const scheduler = await queue.getJobScheduler(schedulerId);
      if (!scheduler?.next) return null;
      const id = `repeat:${schedulerId}:${scheduler.next}`;
      const state = await queue.getJobState(id);
      return state === 'delayed' || state === 'waiting' || state === 'prioritized' ? id : null;
    },
    { timeoutMs, what: `a run of ${schedulerId} still to start` },
  );
  // Removed on completion ('unknown'), kept as completed, or failed: it ran.
  await waitForJobState(queue, jobId, ['completed', 'failed', 'unknown'], { timeoutMs });
}
