import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { MSG } from '@planejador/contracts';
import type { Settings } from '@planejador/config';
import { REDIS, SETTINGS } from './tokens';

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
    if (count > limit) {
      throw new HttpException({ message: MSG.rateLimited }, HttpStatus.TOO_MANY_REQUESTS);
    }
  }

  async reset(bucket: string, key: string): Promise<void> {
    await this.redis.del(`${this.settings.QUEUE_PREFIX}:rl:${bucket}:${key}`);
  }
}
