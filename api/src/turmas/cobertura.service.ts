import { Injectable, NotFoundException } from '@nestjs/common';
import { etapaOf, materiasOf, MSG, type Cobertura, type CoberturaResumo } from '@planejador/contracts';
import { coberturaScopes, CurriculumService } from '@planejador/curriculum';
import { TurmasRepository } from '@planejador/db';

/** Each stage's subjects and their part of the curriculum, in the generate form's order (musica apart from artes). */
const SCOPES = coberturaScopes();

@Injectable()
export class CoberturaService {
  constructor(
    private readonly curriculum: CurriculumService,
    private readonly turmas: TurmasRepository,
  ) {}

  /**
   * A class's coverage of its year's BNCC skills: every skill of each subject that has skills in that year, and the
   * trimestres and plans (generation done, not deleted) whose lessons cite it. One indexed statement in PostgreSQL,
   * which also checks that the class is the user's (404 otherwise).
   */
  async cobertura(userId: string, turmaId: string): Promise<Cobertura> {
    const cobertura = await this.turmas.turmaCobertura(userId, turmaId, SCOPES);
    if (!cobertura) throw new NotFoundException({ message: MSG.turmaNotFound });
    return cobertura;
  }

  /** Each of the user's classes with, per subject of its year, how many skills its finished plans cover. */
  async resumo(userId: string): Promise<CoberturaResumo[]> {
    const rows = await this.turmas.citedSkillsByTurma(userId);
    const out: CoberturaResumo[] = [];
    for (const row of rows) {
      const covered = new Set(row.codes);
      const materias: CoberturaResumo['materias'] = [];
      const etapa = etapaOf(row.etapa);
      for (const materia of materiasOf(etapa)) {
        const skills = await this.curriculum.skillsFor(row.ano, materia, etapa);
        if (!skills.length) continue;
        materias.push({ materia, total: skills.length, cobertas: skills.filter((s) => covered.has(s.code)).length });
      }
      out.push({ turmaId: row.id, ano: row.ano, materias });
    }
    return out;
  }
}
