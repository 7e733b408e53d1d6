import { ConflictException, Injectable, NotFoundException, ServiceUnavailableException } from '@nestjs/common';
import { MSG, PDF_UNAVAILABLE_REASON, type HandinFormato, type Trimestre } from '@planejador/contracts';
import { PlanosRepository, TurmasRepository } from '@planejador/db';
import { jobIds } from '@planejador/queue';
import { WorkerDocuments, type WorkerDocument } from '../core/worker-documents';

/**
 * The trimestre hand-in: one document with every finished plan of the class in that trimestre, behind a summary,
 * rendered by the worker (.docx, or PDF through LibreOffice there). A worker without LibreOffice answers the PDF
 * with 503; the .docx still works.
 */
@Injectable()
export class HandinService {
  constructor(
    private readonly turmas: TurmasRepository,
    private readonly planos: PlanosRepository,
    private readonly documents: WorkerDocuments,
  ) {}

  async export(userId: string, turmaId: string, trimestre: Trimestre, formato: HandinFormato): Promise<WorkerDocument> {
    if ((await this.turmas.findTurmaAno(userId, turmaId)) === null) throw new NotFoundException({ message: MSG.turmaNotFound });
    if (!(await this.planos.countTrimestrePlanos(userId, turmaId, trimestre))) throw new ConflictException({ message: MSG.handinSemPlanos(trimestre) });
    return this.documents.render(userId, 'export-trimestre', { turmaId, userId, trimestre, formato }, jobIds.exportTrimestre(turmaId, trimestre, formato), {
      failed: MSG.handinFalhou,
      magic: formato === 'pdf' ? '%PDF' : 'PK',
      onFailure: (reason) => (reason.includes(PDF_UNAVAILABLE_REASON) ? new ServiceUnavailableException({ message: MSG.handinPdfIndisponivel }) : null),
      context: { turmaId, trimestre, formato },
    });
  }
}
