import { ConflictException, GatewayTimeoutException, Inject, Injectable, InternalServerErrorException, Logger, NotFoundException } from '@nestjs/common';
import { MSG, type ExportPlanResult } from '@planejador/contracts';
import type { Settings } from '@planejador/config';
import { ExportFilesRepository, PlanosRepository } from '@planejador/db';
import { JobProducer, jobIds, QUEUES } from '@planejador/queue';
import { JOB_PRODUCER, SETTINGS } from '../core/tokens';
import { DOCUMENT_TIMEOUT } from '../core/worker-documents';

export const EXPORT_FAILED = 'Falha ao exportar plano. Tente novamente.';

/** Asks the worker for the .docx and waits for it with a time-out; the api never renders it itself. */
@Injectable()
export class ExportService {
  private readonly logger = new Logger(ExportService.name);

  constructor(
    private readonly planos: PlanosRepository,
    private readonly exportFiles: ExportFilesRepository,
    @Inject(JOB_PRODUCER) private readonly producer: JobProducer,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {}

  async export(userId: string, planId: string): Promise<{ fileName: string; content: Buffer }> {
    const plano = await this.planos.findPlanoExportState(userId, planId);
    if (!plano) throw new NotFoundException({ message: MSG.planoNotFound });
    if (plano.generationState !== 'done') throw new ConflictException({ message: MSG.planoGenerating });
    const jobId = jobIds.exportPlan(planId, plano.updatedAt);
    // Twice at most: a finished job whose file another request already streamed (or the sweeper removed) is
    // removed and queued again.
    for (let round = 0; round < 2; round++) {
      const result = await this.run(jobId, planId, userId);
      const file = await this.exportFiles.takeExportFile(userId, result.fileId);
      // Streamed once: the next export renders again rather than pointing at a file that is gone.
      await this.producer.queue(QUEUES.export).remove(jobId).catch(() => undefined);
      if (!file) continue;
      if (file.content.length !== file.bytes || file.content.subarray(0, 2).toString() !== 'PK') break;
      return { fileName: file.fileName, content: file.content };
    }
    throw new InternalServerErrorException({ message: EXPORT_FAILED });
  }

  /** Queues the export (a failed earlier try of the same version is removed first, so it is tried again). */
  private async run(jobId: string, planId: string, userId: string): Promise<ExportPlanResult> {
    const queue = this.producer.queue(QUEUES.export);
    const previous = await queue.getJob(jobId);
    if (previous && (await previous.isFailed())) await previous.remove().catch(() => undefined);
    const job = await this.producer.enqueue('export-plan', { planId, userId }, jobId);
    try {
      const result = (await job.waitUntilFinished(this.producer.queueEvents(QUEUES.export), this.settings.EXPORT_TIMEOUT_MS)) as ExportPlanResult | undefined;
      if (!result?.fileId) throw new Error('export job returned no file');
      return result;
    } catch (err) {
      const message = (err as Error).message ?? '';
      this.logger.warn({ planId, err: message }, 'export failed');
      if (/timed out/i.test(message)) throw new GatewayTimeoutException({ message: DOCUMENT_TIMEOUT });
      throw new InternalServerErrorException({ message: EXPORT_FAILED });
    }
  }
}
