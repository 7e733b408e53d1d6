import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { exportPlanJobSchema } from '@planejador/contracts';
import type { Settings } from '@planejador/config';
import { QUEUES } from '@planejador/queue';
import { createQueueWorker } from '../core/queue-worker.factory';
import { REDIS, SETTINGS } from '../core/tokens';
import { ExportService } from './export.service';

@Injectable()
export class ExportProcessor implements OnApplicationBootstrap, OnApplicationShutdown {
  private worker?: Worker;

  constructor(
    private readonly exports: ExportService,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {}

  onApplicationBootstrap(): void {
    this.worker = createQueueWorker(
      QUEUES.export,
      {
        'export-plan': async (job) => {
          const { planId, userId } = exportPlanJobSchema.parse(job.data);
          return this.exports.export(planId, userId);
        },
      },
      this.redis,
      { prefix: this.settings.QUEUE_PREFIX, concurrency: this.settings.EXPORT_CONCURRENCY },
    );
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker?.close();
  }
}
