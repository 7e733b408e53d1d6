import { Global, Inject, Module, OnApplicationShutdown, type DynamicModule } from '@nestjs/common';
import type { Redis } from 'ioredis';
import type { Settings } from '@planejador/config';
import { createRedis, JobProducer, whenReady } from '@planejador/queue';
import { ExportSlots } from './export-slots';
import { RateLimitService } from './rate-limit.service';
import { JOB_PRODUCER, REDIS, SETTINGS } from './tokens';
import { WorkerDocuments } from './worker-documents';

/**
 * Settings (given by the process, parsed once), Redis and the job producer: one of each per process (PostgreSQL:
 * DatabaseModule); and what several features share: the rate limits, the export slots and the worker's documents.
 */
@Global()
@Module({
  providers: [
    {
      provide: REDIS,
      inject: [SETTINGS],
      // The producer fails fast while offline: requests are taken only once it is connected (or Redis is known down).
      useFactory: async (s: Settings) => {
        const redis = createRedis(s.REDIS_URL!, 'producer');
        await whenReady(redis);
        return redis;
      },
    },
    {
      provide: JOB_PRODUCER,
      inject: [SETTINGS, REDIS],
      useFactory: (s: Settings, redis: Redis) => new JobProducer(redis, s.QUEUE_PREFIX, s),
    },
    RateLimitService,
    ExportSlots,
    WorkerDocuments,
  ],
  exports: [REDIS, JOB_PRODUCER, RateLimitService, ExportSlots, WorkerDocuments],
})
export class CoreModule implements OnApplicationShutdown {
  static forRoot(settings: Settings): DynamicModule {
    return { module: CoreModule, providers: [{ provide: SETTINGS, useValue: settings }], exports: [SETTINGS] };
  }

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(JOB_PRODUCER) private readonly producer: JobProducer,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    await this.producer.close().catch(() => undefined);
    this.redis.disconnect();
  }
}
