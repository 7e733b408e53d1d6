import { BadRequestException, ConflictException, Injectable, NotFoundException, ServiceUnavailableException } from '@nestjs/common';
import { LIMITS, MSG, PDF_UNAVAILABLE_REASON, type HandinFormato, type Materia, type Trimestre } from '@planejador/contracts';
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

  async export(userId: string, turmaId: string, trimestre: Trimestre, formato: HandinFormato, materia?: Materia): Promise<WorkerDocument> {
    if ((await this.turmas.findTurmaAno(userId, turmaId)) === null) throw new NotFoundException({ message: MSG.turmaNotFound });
    const count = await this.planos.countTrimestrePlanos(userId, turmaId, trimestre, ...(materia ? [materia] : []));
    if (!count) throw new ConflictException({ message: MSG.handinSemPlanos(trimestre) });
    // One document holds at most 40 plans: more are handed in by subject (?materia=), before any work is queued.
    if (count > LIMITS.handinPlanosMax) throw new BadRequestException({ message: MSG.handinPlanosMax(count) });
    const job = { turmaId, userId, trimestre, formato, ...(materia ? { materia } : {}) };
    return this.documents.render(userId, 'export-trimestre', job, jobIds.exportTrimestre(turmaId, trimestre, formato, materia), {
      failed: MSG.handinFalhou,
      magic: formato === 'pdf' ? '%PDF' : 'PK',
      onFailure: (reason) => (reason.includes(PDF_UNAVAILABLE_REASON) ? new ServiceUnavailableException({ message: MSG.handinPdfIndisponivel }) : null),
      context: { turmaId, trimestre, formato, materia: materia ?? null },
    });
  }
}
