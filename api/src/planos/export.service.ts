import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { MSG } from '@planejador/contracts';
import { PlanosRepository } from '@planejador/db';
import { jobIds } from '@planejador/queue';
import { WorkerDocuments, type WorkerDocument } from '../core/worker-documents';

export const EXPORT_FAILED = 'Falha ao exportar plano. Tente novamente.';

/** The plan's .docx, asked of the worker for this version of the plan (its job id carries updatedAt). */
@Injectable()
export class ExportService {
  constructor(
    private readonly planos: PlanosRepository,
    private readonly documents: WorkerDocuments,
  ) {}

  async export(userId: string, planId: string): Promise<WorkerDocument> {
    const plano = await this.planos.findPlanoExportState(userId, planId);
    if (!plano) throw new NotFoundException({ message: MSG.planoNotFound });
    if (plano.generationState !== 'done') throw new ConflictException({ message: MSG.planoGenerating });
    return this.documents.render(userId, 'export-plan', { planId, userId }, jobIds.exportPlan(planId, plano.updatedAt), {
      failed: EXPORT_FAILED,
      magic: 'PK',
      context: { planId },
    });
  }
}
