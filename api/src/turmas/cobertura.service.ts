import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { MATERIA_VALUES, MSG, type Cobertura, type CoberturaMateria, type CoberturaResumo } from '@planejador/contracts';
import { CurriculumService } from '@planejador/curriculum';
import { citedSkillsByTurma, citedSkillsOfTurma, findTurmaAnoPrepared } from '@planejador/db';
import type { Pool } from 'pg';
import { PG_POOL } from '../core/tokens';

/**
 * A class's coverage of its year's BNCC skills: every skill of each subject that has skills in that year, and the
 * trimestres and plans (generation done, not deleted) whose lessons cite it. One indexed query reads the class's
 * citations; the skills themselves come from the curriculum held in memory.
 */
@Injectable()
export class CoberturaService {
  constructor(
    private readonly curriculum: CurriculumService,
    @Inject(PG_POOL) private readonly pool: Pool,
  ) {}

  async cobertura(userId: string, turmaId: string): Promise<Cobertura> {
    const ano = await findTurmaAnoPrepared(this.pool, userId, turmaId);
    if (ano === null) throw new NotFoundException({ message: MSG.turmaNotFound });
    const rows = await citedSkillsOfTurma(this.pool, userId, turmaId);
    const covered = new Map(rows.map((r) => [r.code, r]));
    const materias: CoberturaMateria[] = [];
    for (const materia of MATERIA_VALUES) {
      const skills = await this.curriculum.skillsFor(ano, materia);
      if (!skills.length) continue;
      const habilidades = skills.map((skill) => {
        const hit = covered.get(skill.code);
        const planos = (hit?.planos ?? [])
          .slice()
          .sort((a, b) => a.trimestre - b.trimestre || a.temaPrincipal.localeCompare(b.temaPrincipal, 'pt-BR'));
        return { code: skill.code, description: skill.description, unidade: skill.unit, trimestres: hit?.trimestres ?? [], planos };
      });
      materias.push({ materia, total: habilidades.length, cobertas: habilidades.filter((h) => h.trimestres.length > 0).length, habilidades });
    }
    return { turmaId, ano, materias };
  }

  /** Each of the user's classes with, per subject of its year, how many skills its finished plans cover. */
  async resumo(userId: string): Promise<CoberturaResumo[]> {
    const rows = await citedSkillsByTurma(this.pool, userId);
    const out: CoberturaResumo[] = [];
    for (const row of rows) {
      const covered = new Set(row.codes);
      const materias: CoberturaResumo['materias'] = [];
      for (const materia of MATERIA_VALUES) {
        const skills = await this.curriculum.skillsFor(row.ano, materia);
        if (!skills.length) continue;
        materias.push({ materia, total: skills.length, cobertas: skills.filter((s) => covered.has(s.code)).length });
      }
      out.push({ turmaId: row.id, ano: row.ano, materias });
    }
    return out;
  }
}
