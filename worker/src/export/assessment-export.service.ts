import { Injectable } from '@nestjs/common';
import { UnrecoverableError } from 'bullmq';
import { anoLabel, etapaOf, type ExportPlanResult } from '@planejador/contracts';
import { AvaliacoesRepository, ExportFilesRepository } from '@planejador/db';
import { assessmentFileName } from '@planejador/documents';
import { DocumentRenderer } from './document-renderer';
import { EXPORT_FILE_TTL_MS } from './export.service';

/** Renders the owner's assessment (in a child process: DocumentRenderer) and stores the file in PostgreSQL (the job returns its id; the bytes never sit in Redis). */
@Injectable()
export class AssessmentExportService {
  constructor(
    private readonly avaliacoes: AvaliacoesRepository,
    private readonly files: ExportFilesRepository,
    private readonly renderer: DocumentRenderer,
  ) {}

  async export(avaliacaoId: string, userId: string): Promise<ExportPlanResult> {
    const avaliacao = await this.avaliacoes.findAvaliacao(avaliacaoId, userId);
    if (!avaliacao || avaliacao.generation.state !== 'done') throw new UnrecoverableError('assessment not found');
    const doc = {
      escola: avaliacao.turma.escola,
      professor: avaliacao.turma.nomeProfessor,
      turma: avaliacao.turma.numero,
      ano: anoLabel(avaliacao.turma.ano, etapaOf(avaliacao.turma.etapa)),
      trimestre: avaliacao.periodo,
      periodoTipo: avaliacao.periodoTipo,
      materia: avaliacao.materia,
      habilidades: avaliacao.habilidades,
    };
    const buffer = await this.renderer.render({ kind: 'assessment', doc });
    const fileName = assessmentFileName(doc);
    const fileId = await this.files.insertExportFile({ userId, planoId: avaliacaoId, fileName, content: buffer, expiresAt: new Date(Date.now() + EXPORT_FILE_TTL_MS) });
    return { fileName, fileId, bytes: buffer.length };
  }
}
