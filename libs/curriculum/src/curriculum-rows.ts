import type { EntityManager } from '@mikro-orm/postgresql';
import type { CurriculumRecord } from './curriculum-record';

/** A curriculum_skills row as PostgreSQL returns it (jsonb columns already parsed). */
interface SkillRow {
  code: string;
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
  'code, component, bncc_component, years, unit, field, axis, knowledge_objects, description, source, expectativas';

/**
 * Raw SQL rather than the CurriculumSkill entity: the rows are read once per process into plain records, and
 * the import writes all of them in one statement; 'expectativas' comes from a later migration.
 */
export async function selectSkills(em: EntityManager): Promise<CurriculumRecord[]> {
  const rows = await em.execute<SkillRow[]>(`select ${COLUMNS} from curriculum_skills order by code`);
  return rows.map(rowToRecord);
}

export async function countSkills(em: EntityManager): Promise<number> {
  const [row] = await em.execute<{ count: string }[]>('select count(*) as count from curriculum_skills');
  return Number(row?.count ?? 0);
}

/** Inserts new records and overwrites changed ones, in one statement. */
export async function upsertSkills(em: EntityManager, records: readonly CurriculumRecord[]): Promise<void> {
  if (!records.length) return;
  const payload = JSON.stringify(records.map(recordToRow));
  await em.execute(
    `insert into curriculum_skills (${COLUMNS})
     select ${COLUMNS} from jsonb_to_recordset(?::jsonb) as r(
       code varchar, component varchar, bncc_component varchar, years jsonb, unit text, field text, axis text,
       knowledge_objects jsonb, description text, source varchar, expectativas jsonb)
     on conflict (code) do update set
       component = excluded.component, bncc_component = excluded.bncc_component, years = excluded.years,
       unit = excluded.unit, field = excluded.field, axis = excluded.axis,
       knowledge_objects = excluded.knowledge_objects, description = excluded.description,
       source = excluded.source, expectativas = excluded.expectativas`,
    [payload],
    'run',
  );
}

export function rowToRecord(row: SkillRow): CurriculumRecord {
  return {
    code: row.code,
    component: row.component,
    bnccComponent: row.bncc_component,
    years: row.years,
    unit: row.unit,
    ...(row.field !== null ? { field: row.field } : {}),
    ...(row.axis !== null ? { axis: row.axis } : {}),
    knowledgeObjects: row.knowledge_objects,
    description: row.description,
    source: row.source === 'rs' ? 'rs' : 'bncc',
    expectativas: row.expectativas ?? [],
  };
}

function recordToRow(record: CurriculumRecord): SkillRow {
  return {
    code: record.code,
    component: record.component,
    bncc_component: record.bnccComponent,
    years: record.years,
    unit: record.unit,
    field: record.field ?? null,
    axis: record.axis ?? null,
    knowledge_objects: record.knowledgeObjects,
    description: record.description,
    source: record.source,
    expectativas: record.expectativas,
  };
}

/** Same content, whatever the key order or missing optional fields. */
export function sameRecord(a: CurriculumRecord, b: CurriculumRecord): boolean {
  return JSON.stringify(recordToRow(a)) === JSON.stringify(recordToRow(b));
}
