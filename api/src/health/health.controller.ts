import { EntityManager } from '@mikro-orm/postgresql';
import { Controller, Get, Inject, ServiceUnavailableException } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { MSG } from '@planejador/contracts';
import { pingDatabase } from '@planejador/db';
import { REDIS } from '../core/tokens';

@Controller('api/health')
export class HealthController {
  constructor(
    private readonly em: EntityManager,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  @Get()
  async health() {
    const [db, redis] = await Promise.all([
      pingDatabase(this.em.fork()).then(() => true, () => false),
      this.redis.ping().then(() => true, () => false),
    ]);
    if (!db || !redis) throw new ServiceUnavailableException({ message: MSG.serviceUnavailable, db, redis });
    return { status: 'ok', db, redis };
  }
}
