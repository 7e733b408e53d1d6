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

/** One less in a window that still exists (a decrement after it expired would leave a key without expiry). */
const GIVE_BACK = `if redis.call('exists', KEYS[1]) == 1 then return redis.call('decr', KEYS[1]) end return 0`;

/** Fixed-window rate limits kept in Redis, so every api process shares them. */
@Injectable()
export class RateLimitService {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {}

  async hit(bucket: string, key: string, limit: number, windowSeconds = this.settings.RATE_LIMIT_WINDOW_S): Promise<void> {
    const redisKey = `${this.settings.QUEUE_PREFIX}:rl:${bucket}:${key}`;
    if ((await this.count(redisKey, windowSeconds)) > limit) throw tooManyRequests((await this.redis.pttl(redisKey)) || windowSeconds * 1000);
  }

  /**
   * Counts one more within the window and says whether it is still within `limit`; past it the caller answers as
   * usual but does nothing (the mail caps per recipient: the same answer, nothing sent).
   */
  async withinCap(bucket: string, key: string, limit: number, windowSeconds: number): Promise<boolean> {
    return (await this.count(`${this.settings.QUEUE_PREFIX}:rl:${bucket}:${key}`, windowSeconds)) <= limit;
  }

  /** One more in the fixed window of `redisKey` (which starts with the first): the count so far. */
  private async count(redisKey: string, windowSeconds: number): Promise<number> {
    const results = await this.redis.multi().incr(redisKey).expire(redisKey, windowSeconds, 'NX').exec();
    return Number(results?.[0]?.[1] ?? 0);
  }

  /** Takes back one `hit` that turned out not to count (a successful sign-in), while its window lasts. */
  async giveBack(bucket: string, key: string): Promise<void> {
    await this.redis.eval(GIVE_BACK, 1, `${this.settings.QUEUE_PREFIX}:rl:${bucket}:${key}`);
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
    const failures = await this.count(counter, windowSeconds);
    if (failures < free) return 0;
    const delayMs = Math.min(1000 * 2 ** Math.min(failures - free, 20), windowSeconds * 1000);
    await this.redis.set(`${counter}:block`, '1', 'PX', delayMs);
    return delayMs;
  }
}
