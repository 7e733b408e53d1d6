import { Injectable } from '@nestjs/common';
import { UnrecoverableError } from 'bullmq';
import { anoLabel, etapaOf, type ExportPlanResult, type PlanDocument } from '@planejador/contracts';
import { ExportFilesRepository, PlanosRepository, type PlanoComAulas } from '@planejador/db';
import { planFileName } from '@planejador/documents';
import { DocumentRenderer } from './document-renderer';

/** How long a rendered file waits for the api to stream it (the sweeper removes it after). */
export const EXPORT_FILE_TTL_MS = 15 * 60 * 1000;

@Injectable()
export class ExportService {
  constructor(
    private readonly planos: PlanosRepository,
    private readonly files: ExportFilesRepository,
    private readonly renderer: DocumentRenderer,
  ) {}

  /**
   * Renders the owner's plan and stores the file in PostgreSQL; the job returns only its id (the bytes never sit
   * in Redis). A plan of someone else is as missing as a deleted one. Rendered in a child process (DocumentRenderer).
   */
  async export(planId: string, userId: string): Promise<ExportPlanResult> {
    const plano = await this.planos.findPlanoWithAulas(planId, userId);
    if (!plano) throw new UnrecoverableError('plan not found');
    const buffer = await this.renderer.render({ kind: 'plan', doc: planDocument(plano) });
    const fileName = planFileName({ turma: plano.turma.numero, temaPrincipal: plano.temaPrincipal, createdAt: plano.createdAt });
    const fileId = await this.files.insertExportFile({ userId, planoId: planId, fileName, content: buffer, expiresAt: new Date(Date.now() + EXPORT_FILE_TTL_MS) });
    return { fileName, fileId, bytes: buffer.length };
  }
}

/** What the .docx prints of a plan read with its lessons and class (findPlanoWithAulas, findTrimestrePlanos). */
export function planDocument(plano: PlanoComAulas): PlanDocument {
  const { turma } = plano;
  return {
    temaPrincipal: plano.temaPrincipal,
    materiaGeral: plano.materiaGeral,
    escola: turma.escola,
    professor: turma.nomeProfessor,
    turma: turma.numero,
    // The stage's label of the year ('5º ano', '1ª série do Ensino Médio', 'Creche/Pré-escola — bebês').
    ano: anoLabel(turma.ano, etapaOf(turma.etapa)),
    etapa: etapaOf(turma.etapa),
    estado: turma.estado,
    instituicao: turma.instituicao,
    createdAt: plano.createdAt,
    limitOneSkill: plano.limitOneSkill,
    preferirSeduc: plano.preferirSeduc,
    nivelDetalhamento: plano.nivelDetalhamento,
    trimestre: plano.periodo,
    periodoTipo: plano.periodoTipo,
    dataInicio: isoDay(plano.dataInicio),
    dataFim: isoDay(plano.dataFim),
    duracaoAulaMin: plano.duracaoAulaMin,
    aulas: plano.aulas.map((a) => ({
        numeroAula: a.numeroAula,
        materia: a.materia,
        prompt: a.prompt,
        titulo: a.titulo ?? null,
        verificacao: a.verificacao ?? null,
        dua: a.dua ?? null,
        habilidades: a.habilidades ?? '',
        objetivos: a.objetivos ?? '',
        objetosConhecimento: a.objetosConhecimento ?? '',
        experiencias: a.experiencias ?? '',
        evidencias: a.evidencias ?? '',
      })),
  };
}

/** A 'date' column as 'aaaa-mm-dd'. */
function isoDay(value: string | Date | null): string | null {
  if (!value) return null;
  return value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10);
}
