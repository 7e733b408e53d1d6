import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { MSG } from '@planejador/contracts';
import { AvaliacoesRepository } from '@planejador/db';
import { jobIds } from '@planejador/queue';
import { WorkerDocuments, type WorkerDocument } from '../core/worker-documents';

const ASSESSMENT_EXPORT_FAILED = 'Falha ao exportar a avaliação. Tente novamente.';

/** Asks the worker's export queue for the assessment's .docx (stored in PostgreSQL, never in Redis) and streams it once. */
@Injectable()
export class AvaliacoesExportService {
  constructor(
    private readonly avaliacoes: AvaliacoesRepository,
    private readonly documents: WorkerDocuments,
  ) {}

  async export(userId: string, id: string): Promise<WorkerDocument> {
    const avaliacao = await this.avaliacoes.findAvaliacao(id, userId);
    if (!avaliacao) throw new NotFoundException({ message: MSG.avaliacaoNotFound });
    if (avaliacao.generation.state !== 'done') throw new ConflictException({ message: MSG.avaliacaoGenerating });
    return this.documents.render(userId, 'export-assessment', { avaliacaoId: id, userId }, jobIds.exportAssessment(id, avaliacao.updatedAt), {
      failed: ASSESSMENT_EXPORT_FAILED,
      magic: 'PK',
      context: { avaliacaoId: id },
    });
  }
}
