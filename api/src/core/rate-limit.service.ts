import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { MSG } from '@planejador/contracts';
import type { Settings } from '@planejador/config';
import { REDIS, SETTINGS } from './tokens';

/** A 429 with the Portuguese message; the exception filter turns retryAfterSeconds into Retry-After. */
export class TooManyRequestsException extends HttpException {
  constructor(readonly retryAfterSeconds: number) {
    super({ message: MSG.rateLimited }, HttpStatus.TOO_MANY_REQUESTS);
  }
}
const tooManyRequests = (ms: number) => new TooManyRequestsException(Math.max(1, Math.ceil(ms / 1000)));

/** Fixed-window rate limits kept in Redis, so every api process shares them. */
@Injectable()
export class RateLimitService {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {}

  async hit(bucket: string, key: string, limit: number, windowSeconds = this.settings.RATE_LIMIT_WINDOW_S): Promise<void> {
    const redisKey = `${this.settings.QUEUE_PREFIX}:rl:${bucket}:${key}`;
    const results = await this.redis.multi().incr(redisKey).expire(redisKey, windowSeconds, 'NX').exec();
    const count = Number(results?.[0]?.[1] ?? 0);
    if (count > limit) throw tooManyRequests((await this.redis.pttl(redisKey)) || windowSeconds * 1000);
  }

  async reset(bucket: string, key: string): Promise<void> {
    await this.redis.del(`${this.settings.QUEUE_PREFIX}:rl:${bucket}:${key}`, `${this.settings.QUEUE_PREFIX}:rl:${bucket}:${key}:block`);
  }

  /** 429 (with Retry-After) while a key is held back by recordFailure. */
  async assertNotBlocked(bucket: string, key: string): Promise<void> {
    const ms = await this.redis.pttl(`${this.settings.QUEUE_PREFIX}:rl:${bucket}:${key}:block`);
    if (ms > 0) throw tooManyRequests(ms);
  }

  /**
   * Counts a failure of a key within the window; from the `free`-th on, the key is held back for a delay that
   * doubles with each further failure (1 s, 2 s, 4 s, ... up to the window). Returns the delay, 0 if none.
   */
  async recordFailure(bucket: string, key: string, free: number): Promise<number> {
    const counter = `${this.settings.QUEUE_PREFIX}:rl:${bucket}:${key}`;
    const windowSeconds = this.settings.RATE_LIMIT_WINDOW_S;
    const results = await this.redis.multi().incr(counter).expire(counter, windowSeconds, 'NX').exec();
    const failures = Number(results?.[0]?.[1] ?? 0);
    if (failures < free) return 0;
    const delayMs = Math.min(1000 * 2 ** Math.min(failures - free, 20), windowSeconds * 1000);
    await this.redis.set(`${counter}:block`, '1', 'PX', delayMs);
    return delayMs;
  }
}
