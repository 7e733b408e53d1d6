import { Global, Inject, Logger, Module, OnApplicationShutdown, type DynamicModule } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import type { Redis } from 'ioredis';
import { createLessonGenerator } from '@planejador/ai';
import { flushErrorReporting, type Settings } from '@planejador/config';
import { MailTransport } from '@planejador/mail';
import { createRedis, JobProducer } from '@planejador/queue';
import { ProgressPublisher } from './progress.publisher';
import { QueueWorkers } from './queue-workers';
import { JOB_PRODUCER, LESSON_GENERATOR, MAIL_TRANSPORT, REDIS, SETTINGS } from './tokens';

const aiLogger = new Logger('ai');

@Global()
@Module({
  // DiscoveryModule: QueueWorkers finds every @QueueProcessor of the process.
  imports: [DiscoveryModule],
  providers: [
    { provide: REDIS, inject: [SETTINGS], useFactory: (s: Settings) => createRedis(s.REDIS_URL!, 'worker') },
    { provide: JOB_PRODUCER, inject: [SETTINGS, REDIS], useFactory: (s: Settings, r: Redis) => new JobProducer(r, s.QUEUE_PREFIX, s) },
    {
      provide: LESSON_GENERATOR,
      inject: [SETTINGS],
      useFactory: (s: Settings) =>
        createLessonGenerator(s, {
          debug: (o, m) => aiLogger.debug(o, m),
          info: (o, m) => aiLogger.log(o, m),
          warn: (o, m) => aiLogger.warn(o, m),
          error: (o, m) => aiLogger.error(o, m),
        }),
    },
    {
      provide: MAIL_TRANSPORT,
      inject: [SETTINGS],
      useFactory: (s: Settings) => new MailTransport({ smtpUrl: s.SMTP_URL, from: s.MAIL_FROM, outboxDir: s.MAIL_OUTBOX_DIR }),
    },
    ProgressPublisher,
    QueueWorkers,
  ],
  exports: [REDIS, JOB_PRODUCER, LESSON_GENERATOR, MAIL_TRANSPORT, ProgressPublisher],
})
export class CoreModule implements OnApplicationShutdown {
  /** The settings the process parsed once (main.ts), for every module (the SETTINGS provider). */
  static forRoot(settings: Settings): DynamicModule {
    return { module: CoreModule, providers: [{ provide: SETTINGS, useValue: settings }], exports: [SETTINGS] };
  }

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(JOB_PRODUCER) private readonly producer: JobProducer,
    @Inject(MAIL_TRANSPORT) private readonly mail: MailTransport,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    await this.producer.close().catch(() => undefined);
    this.mail.close();
    this.redis.disconnect();
    await flushErrorReporting();
  }
}
