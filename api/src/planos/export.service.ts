import { EntityManager } from '@mikro-orm/postgresql';
import { ConflictException, GatewayTimeoutException, Inject, Injectable, InternalServerErrorException, Logger, NotFoundException } from '@nestjs/common';
import { MSG, type ExportPlanResult } from '@planejador/contracts';
import type { Settings } from '@planejador/config';
import { PlanoAula } from '@planejador/db';
import { JobProducer, jobIds, QUEUES } from '@planejador/queue';
import { JOB_PRODUCER, SETTINGS } from '../core/tokens';

export const EXPORT_FAILED = 'Falha ao exportar plano. Tente novamente.';
export const EXPORT_TIMEOUT = 'A exportação demorou mais que o esperado. Tente novamente em instantes.';

/** Asks the worker for the .docx and waits for it with a time-out; the api never renders it itself. */
@Injectable()
export class ExportService {
  private readonly logger = new Logger(ExportService.name);

  constructor(
    private readonly em: EntityManager,
    @Inject(JOB_PRODUCER) private readonly producer: JobProducer,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {}

  async export(userId: string, planId: string): Promise<{ fileName: string; content: Buffer }> {
    const plano = await this.em.fork().findOne(PlanoAula, { id: planId, user: userId }, { fields: ['id', 'updatedAt', 'generationState'] });
    if (!plano) throw new NotFoundException({ message: MSG.planoNotFound });
    if (plano.generationState !== 'done') throw new ConflictException({ message: MSG.planoGenerating });
    const job = await this.producer.enqueue('export-plan', { planId, userId }, jobIds.exportPlan(planId, plano.updatedAt));
    let result: ExportPlanResult;
    try {
      result = (await job.waitUntilFinished(this.producer.queueEvents(QUEUES.export), this.settings.EXPORT_TIMEOUT_MS)) as ExportPlanResult;
    } catch (err) {
      const message = (err as Error).message ?? '';
      this.logger.warn({ planId, err: message }, 'export failed');
      if (/timed out/i.test(message)) throw new GatewayTimeoutException({ message: EXPORT_TIMEOUT });
      throw new InternalServerErrorException({ message: EXPORT_FAILED });
    }
    if (!result?.contentBase64) throw new InternalServerErrorException({ message: EXPORT_FAILED });
    const content = Buffer.from(result.contentBase64, 'base64');
    if (content.length !== result.bytes || content.subarray(0, 2).toString() !== 'PK') {
      throw new InternalServerErrorException({ message: EXPORT_FAILED });
    }
    return { fileName: result.fileName, content };
  }
}
