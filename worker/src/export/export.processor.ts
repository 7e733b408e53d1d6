import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { exportAssessmentJobSchema, exportPlanJobSchema, exportTrimestreJobSchema } from '@planejador/contracts';
import type { Settings } from '@planejador/config';
import { QUEUES } from '@planejador/queue';
import { createQueueWorker } from '../core/queue-worker.factory';
import { REDIS, SETTINGS } from '../core/tokens';
import { AssessmentExportService } from './assessment-export.service';
import { ExportService } from './export.service';
import { TrimestreExportService } from './trimestre-export.service';

@Injectable()
export class ExportProcessor implements OnApplicationBootstrap, OnApplicationShutdown {
  private worker?: Worker;

  constructor(
    private readonly exports: ExportService,
    private readonly assessments: AssessmentExportService,
    private readonly trimestres: TrimestreExportService,
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
        'export-assessment': async (job) => {
          const { avaliacaoId, userId } = exportAssessmentJobSchema.parse(job.data);
          return this.assessments.export(avaliacaoId, userId);
        },
        'export-trimestre': async (job) => this.trimestres.export(exportTrimestreJobSchema.parse(job.data)),
      },
      this.redis,
      { prefix: this.settings.QUEUE_PREFIX, concurrency: this.settings.EXPORT_CONCURRENCY },
    );
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker?.close();
  }
}
