import { Injectable } from '@nestjs/common';
import { UnrecoverableError } from 'bullmq';
import { handinResumo, PDF_UNAVAILABLE_REASON, schoolDate, type ExportPlanResult, type ExportTrimestreJob } from '@planejador/contracts';
import { coberturaScopes } from '@planejador/curriculum';
import { AvaliacoesRepository, ExportFilesRepository, PlanosRepository, TurmasRepository } from '@planejador/db';
import { handinFileName } from '@planejador/documents';
import { DocumentRenderer, renderFailure } from './document-renderer';
import { EXPORT_FILE_TTL_MS, planDocument } from './export.service';
import { PdfConverter, PdfTimeoutError, PdfUnavailableError } from './pdf-converter';
import { RenderLimitError } from './render-protocol';

const SCOPES = coberturaScopes();

/**
 * The period hand-in (any kind): the class's coverage (the same statement as GET /api/turmas/{id}/cobertura) gives the
 * summary, its finished plans of the period (of that year) the pages; rendered as .docx (in a child process) and, for a PDF,
 * converted by LibreOffice, both within the render's one time limit.
 * The file waits in PostgreSQL for the api (the job returns its id: the bytes never sit in Redis).
 */
@Injectable()
export class TrimestreExportService {
  constructor(
    private readonly turmas: TurmasRepository,
    private readonly planos: PlanosRepository,
    private readonly avaliacoes: AvaliacoesRepository,
    private readonly files: ExportFilesRepository,
    private readonly pdf: PdfConverter,
    private readonly renderer: DocumentRenderer,
  ) {}

  async export({ turmaId, userId, trimestre, periodo: asked, ano: year, formato, materia }: ExportTrimestreJob): Promise<ExportPlanResult> {
    // The period of that year (a job queued before periods existed names a trimestre of the current year).
    const periodo = asked ?? trimestre ?? 1;
    const ano = year ?? Number(schoolDate().slice(0, 4));
    const cobertura = await this.turmas.turmaCobertura(userId, turmaId, SCOPES);
    if (!cobertura) throw new UnrecoverableError('class not found');
    // A hand-in by subject: that subject's plans, and its line of the summary.
    const planos = (await this.planos.findPeriodoPlanos(userId, turmaId, ano, periodo, ...(materia ? [materia] : []))).map(planDocument);
    if (!planos.length) throw new UnrecoverableError('no finished plan in the period');
    const first = planos[0];
    // The period's finished assessments (of the subject, for a hand-in by subject), with the results recorded.
    const avaliacoes = (await this.avaliacoes.findPeriodAvaliacoes(userId, turmaId, ano, periodo, materia)).map((a) => ({
      escola: first.escola,
      professor: first.professor,
      turma: first.turma,
      ano: first.ano,
      trimestre: a.periodo,
      periodoTipo: a.periodoTipo,
      materia: a.materia,
      habilidades: a.habilidades,
      resultados: a.resultados,
    }));
    const doc = {
      escola: first.escola,
      professor: first.professor,
      turma: first.turma,
      ano: first.ano,
      etapa: first.etapa,
      instituicao: first.instituicao,
      // Named by the kind its plans were placed in (the year's calendar's kind): "2º bimestre".
      trimestre: periodo,
      periodoTipo: first.periodoTipo,
      anoLetivo: ano,
      resumo: handinResumo(materia ? cobertura.materias.filter((m) => m.materia === materia) : cobertura.materias, periodo, ano),
      planos,
      avaliacoes,
    };
    const deadline = this.renderer.deadline();
    let content = await this.renderer.render({ kind: 'handin', doc }, deadline);
    if (formato === 'pdf') {
      try {
        content = await this.pdf.toPdf(content, deadline);
      } catch (err) {
        if (err instanceof PdfUnavailableError) throw new UnrecoverableError(PDF_UNAVAILABLE_REASON);
        if (err instanceof PdfTimeoutError) throw renderFailure(new RenderLimitError('time', err.message));
        throw err;
      }
    }
    const fileName = handinFileName(doc, formato);
    const fileId = await this.files.insertExportFile({ userId, planoId: turmaId, fileName, content, expiresAt: new Date(Date.now() + EXPORT_FILE_TTL_MS) });
    return { fileName, fileId, bytes: content.length };
  }
}
