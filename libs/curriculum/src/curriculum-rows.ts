import type { CurriculumRepository, CurriculumSkillRow } from '@planejador/db';
import { etapaOf } from '@planejador/contracts';
import type { CurriculumRecord } from './curriculum-record';

/** Reads and writes go through libs/db's curriculum repository; here the rows become records and back. */
export async function selectSkills(skills: CurriculumRepository): Promise<CurriculumRecord[]> {
  return (await skills.selectCurriculumSkills()).map(rowToRecord);
}

/** Inserts new records and overwrites changed ones, in one statement. */
export async function upsertSkills(skills: CurriculumRepository, records: readonly CurriculumRecord[]): Promise<void> {
  await skills.upsertCurriculumSkills(records.map(recordToRow));
}

export function rowToRecord(row: CurriculumSkillRow): CurriculumRecord {
  return {
    code: row.code,
    etapa: etapaOf(row.etapa),
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

function recordToRow(record: CurriculumRecord): CurriculumSkillRow {
  return {
    code: record.code,
    etapa: record.etapa,
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
