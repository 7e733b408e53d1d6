import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';
import type { Settings } from '@planejador/config';
import { REDIS, SETTINGS } from './tokens';

/**
 * Takes one of the teacher's running slots for the job, or answers 0 when she already runs her share. The slots are
 * a sorted set of job ids scored by their lease's end, so a crashed worker's slot frees itself when its lease ends.
 * KEYS[1] the teacher's set; ARGV: job id, now (ms), lease end (ms), share.
 */
const ACQUIRE = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[2])
if redis.call('ZSCORE', KEYS[1], ARGV[1]) or redis.call('ZCARD', KEYS[1]) < tonumber(ARGV[4]) then
  redis.call('ZADD', KEYS[1], ARGV[3], ARGV[1])
  redis.call('PEXPIREAT', KEYS[1], ARGV[3])
  return 1
end
return 0`;

/** Extends a held slot's lease; a slot already released is not taken again. ARGV: job id, lease end (ms). */
const RENEW = `
if redis.call('ZSCORE', KEYS[1], ARGV[1]) then
  redis.call('ZADD', KEYS[1], ARGV[2], ARGV[1])
  redis.call('PEXPIREAT', KEYS[1], ARGV[2])
end
return 1`;

/**
 * The per-teacher share of the generation workers (decisions.md, "Generation": Fairness), held in Redis so that it
 * counts every worker process: a teacher runs at most FAIR_SHARE_JOBS plans or regenerations at once; her next job
 * waits (delayed, no attempt spent) while every other teacher's jobs take the free workers in priority order.
 */
@Injectable()
export class FairShare {
  private readonly logger = new Logger(FairShare.name);
  /** A held slot's lease: renewed while its job runs, it frees itself this long after a worker dies. */
  readonly leaseMs: number;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {
    this.leaseMs = Math.max(2000, settings.JOB_LOCK_MS);
  }

  private key(userId: string): string {
    return `${this.settings.QUEUE_PREFIX}:fair:${userId}`;
  }

  /** Whether the job may run now for this teacher (it then holds one of her slots until release). */
  async acquire(userId: string, jobId: string): Promise<boolean> {
    const now = Date.now();
    const granted = await this.redis.eval(ACQUIRE, 1, this.key(userId), jobId, String(now), String(now + this.leaseMs), String(this.settings.FAIR_SHARE_JOBS));
    return granted === 1;
  }

  /** Runs `work` holding the slot, renewing its lease, and releases it after (also on failure). */
  async hold<T>(userId: string, jobId: string, work: () => Promise<T>): Promise<T> {
    const renew = setInterval(() => {
      this.redis
        .eval(RENEW, 1, this.key(userId), jobId, String(Date.now() + this.leaseMs))
        .catch((err: Error) => this.logger.warn({ err: err.message }, 'fair share lease not renewed'));
    }, Math.max(500, Math.floor(this.leaseMs / 3)));
    try {
      return await work();
    } finally {
      clearInterval(renew);
      await this.redis.zrem(this.key(userId), jobId).catch((err: Error) => this.logger.warn({ err: err.message }, 'fair share slot not released'));
    }
  }
}
