import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { mailJobSchema } from '@planejador/contracts';
import type { Settings } from '@planejador/config';
import { QUEUES } from '@planejador/queue';
import { createQueueWorker } from '../core/queue-worker.factory';
import { REDIS, SETTINGS } from '../core/tokens';
import { MailService } from './mail.service';

@Injectable()
export class MailProcessor implements OnApplicationBootstrap, OnApplicationShutdown {
  private worker?: Worker;

  constructor(
    private readonly mail: MailService,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {}

  onApplicationBootstrap(): void {
    this.worker = createQueueWorker(
      QUEUES.mail,
      {
        'send-mail': async (job) => {
          const payload = mailJobSchema.parse(job.data);
          const attempt = job.attemptsMade + 1;
          return this.mail.handle(payload, attempt, attempt >= (job.opts.attempts ?? 1));
        },
      },
      this.redis,
      { prefix: this.settings.QUEUE_PREFIX, concurrency: this.settings.MAIL_CONCURRENCY },
    );
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker?.close();
  }
}
