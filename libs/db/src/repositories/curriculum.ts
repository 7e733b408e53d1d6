import { Repository } from '../database';

/** A curriculum_skills row as PostgreSQL returns it (jsonb columns already parsed). */
export interface CurriculumSkillRow {
  code: string;
  etapa: string;
  component: string;
  bncc_component: string;
  years: number[];
  unit: string;
  field: string | null;
  axis: string | null;
  knowledge_objects: string[];
  description: string;
  source: string;
  expectativas: string[];
}

const COLUMNS =
  'code, etapa, component, bncc_component, years, unit, field, axis, knowledge_objects, description, source, expectativas';

/** Its queries, each one method, on the process's Database (injected by class in the api and the worker). */
export class CurriculumRepository extends Repository {
  /**
   * Raw SQL rather than the CurriculumSkill entity: the rows are read once per process into plain records, and
   * the import writes all of them in one statement; 'expectativas' comes from a later migration.
   */
  async selectCurriculumSkills(): Promise<CurriculumSkillRow[]> {
    return this.ownEm.execute<CurriculumSkillRow[]>(`select ${COLUMNS} from curriculum_skills order by code`);
  }

  async countCurriculumSkills(): Promise<number> {
    const [row] = await this.ownEm.execute<{ count: string }[]>('select count(*) as count from curriculum_skills');
    return Number(row?.count ?? 0);
  }

  /** Inserts new rows and overwrites changed ones, in one statement. */
  async upsertCurriculumSkills(rows: readonly CurriculumSkillRow[]): Promise<void> {
    if (!rows.length) return;
    await this.em.execute(
      `insert into curriculum_skills (${COLUMNS})
       select ${COLUMNS} from jsonb_to_recordset(?::jsonb) as r(
         code varchar, etapa varchar, component varchar, bncc_component varchar, years jsonb, unit text, field text, axis text,
         knowledge_objects jsonb, description text, source varchar, expectativas jsonb)
       on conflict (code) do update set
         etapa = excluded.etapa, component = excluded.component, bncc_component = excluded.bncc_component, years = excluded.years,
         unit = excluded.unit, field = excluded.field, axis = excluded.axis,
         knowledge_objects = excluded.knowledge_objects, description = excluded.description,
         source = excluded.source, expectativas = excluded.expectativas`,
      [JSON.stringify(rows)],
      'run',
    );
  }
}
