import { Controller, Get, Inject, ServiceUnavailableException } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { MSG } from '@planejador/contracts';
import { HealthRepository } from '@planejador/db';
import { REDIS } from '../core/tokens';

@Controller('api/health')
export class HealthController {
  constructor(
    private readonly database: HealthRepository,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  @Get()
  async health() {
    const [db, redis] = await Promise.all([
      this.database.pingDatabase().then(() => true, () => false),
      this.redis.ping().then(() => true, () => false),
    ]);
    if (!db || !redis) throw new ServiceUnavailableException({ message: MSG.serviceUnavailable, db, redis });
    return { status: 'ok', db, redis };
  }
}
