import { BadRequestException, ConflictException, Injectable, NotFoundException, ServiceUnavailableException } from '@nestjs/common';
import { LIMITS, MSG, PDF_UNAVAILABLE_REASON, PERIODOS_POR_TIPO, schoolDate, type HandinFormato, type Materia } from '@planejador/contracts';
import { PlanosRepository, TurmasRepository } from '@planejador/db';
import { jobIds } from '@planejador/queue';
import { CalendarioService } from '../calendario/calendario.service';
import { WorkerDocuments, type WorkerDocument } from '../core/worker-documents';

/** Which period a hand-in asks for: its number, its year (absent: this year), and the route it came by. */
export interface HandinPeriodo {
  periodo: number;
  ano?: number;
  /** GET .../trimestres/{n}/export answers 404 naming the kind when that year is not split into trimestres. */
  rota: 'trimestres' | 'periodos';
}

/**
 * The period hand-in (any kind: "Documentos do 2º bimestre"): one document with every finished plan of the class in
 * that period of that year, behind a summary, rendered by the worker (.docx, or PDF through LibreOffice there). A
 * worker without LibreOffice answers the PDF with 503; the .docx still works.
 */
@Injectable()
export class HandinService {
  constructor(
    private readonly turmas: TurmasRepository,
    private readonly planos: PlanosRepository,
    private readonly calendario: CalendarioService,
    private readonly documents: WorkerDocuments,
  ) {}

  async export(userId: string, turmaId: string, pedido: HandinPeriodo, formato: HandinFormato, materia?: Materia): Promise<WorkerDocument> {
    if ((await this.turmas.findTurmaAno(userId, turmaId)) === null) throw new NotFoundException({ message: MSG.turmaNotFound });
    const ano = pedido.ano ?? Number(schoolDate().slice(0, 4));
    const { tipo } = await this.calendario.get(userId, ano);
    const { periodo } = pedido;
    if (pedido.rota === 'trimestres' && tipo !== 'trimestre') throw new NotFoundException({ message: MSG.handinOutroTipo(tipo, ano) });
    if (periodo > PERIODOS_POR_TIPO[tipo]) throw new BadRequestException({ message: MSG.periodoAcimaDoTipo(periodo, tipo, ano) });
    const count = await this.planos.countPeriodoPlanos(userId, turmaId, ano, periodo, ...(materia ? [materia] : []));
    if (!count) throw new ConflictException({ message: MSG.handinSemPlanos(periodo, tipo) });
    // One document holds at most 40 plans: more are handed in by subject (?materia=), before any work is queued.
    if (count > LIMITS.handinPlanosMax) throw new BadRequestException({ message: MSG.handinPlanosMax(count, tipo) });
    const job = { turmaId, userId, periodo, ano, formato, ...(materia ? { materia } : {}) };
    return this.documents.render(userId, 'export-trimestre', job, jobIds.exportTrimestre(turmaId, ano, periodo, formato, materia), {
      failed: MSG.handinFalhou,
      magic: formato === 'pdf' ? '%PDF' : 'PK',
      onFailure: (reason) => (reason.includes(PDF_UNAVAILABLE_REASON) ? new ServiceUnavailableException({ message: MSG.handinPdfIndisponivel }) : null),
      context: { turmaId, ano, periodo, tipo, formato, materia: materia ?? null },
    });
  }
}
