import { setTimeout as sleep } from 'node:timers/promises';
import { BeforeApplicationShutdown, Inject, Injectable, Logger } from '@nestjs/common';
import { DelayedError, type Job } from 'bullmq';
import { isUnavailableError, type Settings } from '@planejador/config';
import { SETTINGS } from '../core/tokens';

/** Longest wait between two tries of a step, or between two runs of a job set aside by an outage. */
const MAX_DELAY_MS = 30_000;
/** Runs of one job set aside by outages before an outage counts as a failed attempt (about an hour at 30 s). */
const MAX_OUTAGE_RUNS = 120;

/**
 * PostgreSQL or Redis being unreachable is never a lesson's, a plan's or a regeneration's failure. A database step
 * of a lesson is tried again while it lasts (up to OUTAGE_WAIT_MS, so an AI answer in hand is not lost); past that
 * the job is set aside (BullMQ delayed, no attempt spent) and resumes where it was once it runs again.
 */
@Injectable()
export class OutageRetry implements BeforeApplicationShutdown {
  private readonly logger = new Logger(OutageRetry.name);
  private readonly stopping = new AbortController();

  constructor(@Inject(SETTINGS) private readonly settings: Settings) {}

  /** Runs `step`, again with backoff while it fails for an outage; any other error (or a long outage) is thrown. */
  async step<T>(step: () => Promise<T>): Promise<T> {
    const deadline = Date.now() + this.settings.OUTAGE_WAIT_MS;
    for (let tries = 0; ; tries++) {
      try {
        return await step();
      } catch (err) {
        const left = deadline - Date.now();
        if (!isUnavailableError(err) || left <= 0 || this.stopping.signal.aborted) throw err;
        await sleep(Math.min(left, MAX_DELAY_MS, 100 * 2 ** Math.min(tries, 10)), undefined, { signal: this.stopping.signal }).catch(() => undefined);
      }
    }
  }

  /**
   * Runs a job's work; when it ends on an outage, the job is delayed without spending one of its attempts (a
   * DelayedError tells BullMQ so). Only after MAX_OUTAGE_RUNS such runs does an outage count as a failed attempt,
   * so the job (and its plan or lesson) always ends.
   */
  async job<T>(job: Job, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      // Runs that spent no attempt (outages, stalls) before this one.
      const setAside = job.attemptsStarted - job.attemptsMade - 1;
      if (!isUnavailableError(err) || setAside >= MAX_OUTAGE_RUNS || !job.token) throw err;
      const delayMs = Math.min(MAX_DELAY_MS, this.settings.GENERATION_RETRY_BASE_MS * 2 ** Math.min(setAside, 10));
      try {
        await job.moveToDelayed(Date.now() + delayMs, job.token);
      } catch {
        throw err; // Redis is gone too: the job's lock lapses and BullMQ runs it again once Redis is back.
      }
      this.logger.warn({ jobId: job.id, name: job.name, delayMs, err: (err as Error).message }, 'job set aside until PostgreSQL or Redis is back');
      throw new DelayedError();
    }
  }

  /** A stopping worker waits for no outage: its jobs are set aside at once and resume in another worker. */
  beforeApplicationShutdown(): void {
    this.stopping.abort();
  }
}
