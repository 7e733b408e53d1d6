import { EntityManager } from '@mikro-orm/postgresql';
import { ConflictException, GatewayTimeoutException, Inject, Injectable, InternalServerErrorException, Logger, NotFoundException } from '@nestjs/common';
import { MSG, type ExportPlanResult } from '@planejador/contracts';
import type { Settings } from '@planejador/config';
import { findAvaliacao, takeExportFile } from '@planejador/db';
import { JobProducer, jobIds, QUEUES } from '@planejador/queue';
import { JOB_PRODUCER, SETTINGS } from '../core/tokens';

const ASSESSMENT_EXPORT_FAILED = 'Falha ao exportar a avaliação. Tente novamente.';
const ASSESSMENT_EXPORT_TIMEOUT = 'A exportação demorou mais que o esperado. Tente novamente em instantes.';

/** Asks the worker's export queue for the assessment's .docx (stored in PostgreSQL, never in Redis) and streams it once. */
@Injectable()
export class AvaliacoesExportService {
  private readonly logger = new Logger(AvaliacoesExportService.name);

  constructor(
    private readonly em: EntityManager,
    @Inject(JOB_PRODUCER) private readonly producer: JobProducer,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {}

  async export(userId: string, id: string): Promise<{ fileName: string; content: Buffer }> {
    const em = this.em.fork();
    const avaliacao = await findAvaliacao(em, id, userId);
    if (!avaliacao) throw new NotFoundException({ message: MSG.avaliacaoNotFound });
    if (avaliacao.generation.state !== 'done') throw new ConflictException({ message: MSG.avaliacaoGenerating });
    const jobId = jobIds.exportAssessment(id, avaliacao.updatedAt);
    const queue = this.producer.queue(QUEUES.export);
    // A finished job's file is streamed once: any earlier job of this version (done or failed) goes first.
    await queue.remove(jobId).catch(() => undefined);
    const job = await this.producer.enqueue('export-assessment', { avaliacaoId: id, userId }, jobId);
    let result: ExportPlanResult | undefined;
    try {
      result = (await job.waitUntilFinished(this.producer.queueEvents(QUEUES.export), this.settings.EXPORT_TIMEOUT_MS)) as ExportPlanResult | undefined;
    } catch (err) {
      const message = (err as Error).message ?? '';
      this.logger.warn({ avaliacaoId: id, err: message }, 'assessment export failed');
      if (/timed out/i.test(message)) throw new GatewayTimeoutException({ message: ASSESSMENT_EXPORT_TIMEOUT });
      throw new InternalServerErrorException({ message: ASSESSMENT_EXPORT_FAILED });
    }
    await queue.remove(jobId).catch(() => undefined);
    const file = result?.fileId ? await takeExportFile(em, userId, result.fileId) : null;
    if (!file || file.content.subarray(0, 2).toString() !== 'PK') throw new InternalServerErrorException({ message: ASSESSMENT_EXPORT_FAILED });
    return { fileName: file.fileName, content: file.content };
  }
}
