import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { UnrecoverableError } from 'bullmq';
import { anoLabel, etapaOf, type ExportPlanResult } from '@planejador/contracts';
import { findAvaliacao, insertExportFile } from '@planejador/db';
import { assessmentFileName, renderAssessmentDocx } from '@planejador/documents';
import { EXPORT_FILE_TTL_MS } from '../export/export.service';

/** Renders the owner's assessment and stores the file in PostgreSQL (the job returns its id; the bytes never sit in Redis). */
@Injectable()
export class AssessmentExportService {
  constructor(private readonly em: EntityManager) {}

  async export(avaliacaoId: string, userId: string): Promise<ExportPlanResult> {
    const avaliacao = await findAvaliacao(this.em.fork(), avaliacaoId, userId);
    if (!avaliacao || avaliacao.generation.state !== 'done') throw new UnrecoverableError('assessment not found');
    const doc = {
      escola: avaliacao.turma.escola,
      professor: avaliacao.turma.nomeProfessor,
      turma: avaliacao.turma.numero,
      ano: anoLabel(avaliacao.turma.ano, etapaOf(avaliacao.turma.etapa)),
      trimestre: avaliacao.trimestre,
      materia: avaliacao.materia,
      gerador: avaliacao.gerador,
      habilidades: avaliacao.habilidades,
    };
    const buffer = await renderAssessmentDocx(doc);
    const fileName = assessmentFileName(doc);
    const fileId = await insertExportFile(this.em.fork(), { userId, planoId: avaliacaoId, fileName, content: buffer, expiresAt: new Date(Date.now() + EXPORT_FILE_TTL_MS) });
    return { fileName, fileId, bytes: buffer.length };
  }
}
