import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Settings } from '@planejador/config';
import { QUEUES } from '@planejador/queue';
import { createQueueWorker } from '../core/queue-worker.factory';
import { REDIS, SETTINGS } from '../core/tokens';
import { SweeperService } from './sweeper.service';

/** The maintenance queue's worker: one sweep at a time in this process, beside (never instead of) the job workers. */
@Injectable()
export class SweeperProcessor implements OnApplicationBootstrap, OnApplicationShutdown {
  private worker?: Worker;

  constructor(
    private readonly sweeper: SweeperService,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {}

  onApplicationBootstrap(): void {
    this.worker = createQueueWorker(QUEUES.maintenance, { 'sweep-plans': () => this.sweeper.sweep() }, this.redis, {
      prefix: this.settings.QUEUE_PREFIX,
      concurrency: 1,
      lockDuration: this.settings.JOB_LOCK_MS,
      stalledInterval: this.settings.JOB_LOCK_MS,
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker?.close();
  }
}
