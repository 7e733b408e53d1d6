import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { UnrecoverableError } from 'bullmq';
import type { ExportPlanResult, PlanDocument } from '@planejador/contracts';
import { PlanoAula } from '@planejador/db';
import { planFileName, renderPlanDocx } from '@planejador/documents';

@Injectable()
export class ExportService {
  constructor(private readonly em: EntityManager) {}

  /** Renders the owner's plan; a plan of someone else is as missing as a deleted one. */
  async export(planId: string, userId: string): Promise<ExportPlanResult> {
    const plano = await this.em.fork().findOne(PlanoAula, { id: planId, user: userId }, { populate: ['aulas', 'turma'] });
    if (!plano) throw new UnrecoverableError('plan not found');
    const turma = plano.turma.getEntity();
    const doc: PlanDocument = {
      temaPrincipal: plano.temaPrincipal,
      materiaGeral: plano.materiaGeral,
      escola: turma.escola,
      professor: turma.nomeProfessor,
      turma: turma.numero,
      ano: turma.ano,
      estado: turma.estado,
      instituicao: turma.instituicao,
      createdAt: plano.createdAt,
      limitOneSkill: plano.limitOneSkill,
      preferirSeduc: plano.preferirSeduc,
      nivelDetalhamento: plano.nivelDetalhamento,
      offline: plano.generator === 'offline',
      aulas: plano.aulas
        .getItems()
        .sort((a, b) => a.numeroAula - b.numeroAula)
        .map((a) => ({
          numeroAula: a.numeroAula,
          materia: a.materia,
          prompt: a.prompt,
          habilidades: a.habilidades ?? '',
          objetivos: a.objetivos ?? '',
          objetosConhecimento: a.objetosConhecimento ?? '',
          experiencias: a.experiencias ?? '',
          evidencias: a.evidencias ?? '',
        })),
    };
    const buffer = await renderPlanDocx(doc);
    return {
      fileName: planFileName({ turma: turma.numero, temaPrincipal: plano.temaPrincipal, createdAt: plano.createdAt }),
      contentBase64: buffer.toString('base64'),
      bytes: buffer.length,
    };
  }
}
