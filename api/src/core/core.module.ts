import { Global, Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import { Pool } from 'pg';
import type { Redis } from 'ioredis';
import { loadSettings, type Settings } from '@planejador/config';
import { createRedis, JobProducer } from '@planejador/queue';
import { JOB_PRODUCER, PG_POOL, REDIS, SETTINGS } from './tokens';
import { RateLimitService } from './rate-limit.service';

/** Settings, the session pool, Redis and the job producer: one of each per process. */
@Global()
@Module({
  providers: [
    { provide: SETTINGS, useFactory: () => loadSettings() },
    {
      provide: PG_POOL,
      inject: [SETTINGS],
      useFactory: (s: Settings) => {
        const pool = new Pool({ connectionString: s.DATABASE_URL, max: 5, connectionTimeoutMillis: 3000 });
        pool.on('error', () => undefined); // idle clients dropped by a restart: the next query reconnects
        return pool;
      },
    },
    { provide: REDIS, inject: [SETTINGS], useFactory: (s: Settings) => createRedis(s.REDIS_URL!, 'producer') },
    {
      provide: JOB_PRODUCER,
      inject: [SETTINGS, REDIS],
      useFactory: (s: Settings, redis: Redis) => new JobProducer(redis, s.QUEUE_PREFIX),
    },
    RateLimitService,
  ],
  exports: [SETTINGS, PG_POOL, REDIS, JOB_PRODUCER, RateLimitService],
})
export class CoreModule implements OnApplicationShutdown {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(JOB_PRODUCER) private readonly producer: JobProducer,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    await this.producer.close().catch(() => undefined);
    this.redis.disconnect();
    await this.pool.end().catch(() => undefined);
  }
}
