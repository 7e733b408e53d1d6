import { CurriculumRepository, Database } from '@planejador/db';
import { CURRICULUM_FILES, readCurriculumFiles } from './curriculum-files';
import { selectSkills, sameRecord, upsertSkills } from './curriculum-rows';
import type { CurriculumRecord } from './curriculum-record';

export interface ImportLogger {
  info(message: string): void;
  warn(message: string): void;
}

export interface ImportResult {
  /** Paths of the files read. */
  files: string[];
  /** Records in the files (after merging the state matrix into the BNCC skills it repeats). */
  records: number;
  inserted: number;
  updated: number;
  unchanged: number;
  /** Records per file of CURRICULUM_FILES (Educação Infantil, Ensino Fundamental, Ensino Médio, Computação). */
  byPart: Record<string, number>;
  /** Records per stage and component slug ('fundamental/portugues'). */
  byComponent: Record<string, number>;
}

/**
 * Validates every record of the curriculum files, then inserts the new ones and updates the changed ones in one
 * transaction: running it twice changes nothing. An invalid file throws CurriculumValidationError before any
 * write. Skills no longer in the files are left in place (plans may cite them).
 */
export async function importCurriculum(
  target: Database | string,
  dir: string,
  logger?: ImportLogger,
): Promise<ImportResult> {
  const { files, records, rsRecords } = readCurriculumFiles(dir);
  if (!rsRecords) logger?.info('Matriz estadual (rs-matrix.json) não encontrada: somente a BNCC será importada.');
  return withDatabase(target, (db) => writeRecords(db, files, records, logger));
}

/** Number of skills in the database (the launcher imports only when it is zero). */
export async function curriculumSkillCount(target: Database | string): Promise<number> {
  return withDatabase(target, (db) => new CurriculumRepository(db).countCurriculumSkills());
}

/** The given Database, or a short-lived one for a database URL (the command line). */
async function withDatabase<T>(target: Database | string, work: (db: Database) => Promise<T>): Promise<T> {
  if (typeof target !== 'string') return work(target);
  const db = await Database.connect({ databaseUrl: target, poolMax: 2, statementPoolMax: 0 });
  try {
    return await work(db);
  } finally {
    await db.close();
  }
}

async function writeRecords(
  db: Database,
  files: string[],
  records: CurriculumRecord[],
  logger?: ImportLogger,
): Promise<ImportResult> {
  const byComponent: Record<string, number> = {};
  for (const r of records) byComponent[`${r.etapa}/${r.component}`] = (byComponent[`${r.etapa}/${r.component}`] ?? 0) + 1;
  const byPart = Object.fromEntries(CURRICULUM_FILES.map(({ label, holds }) => [label, records.filter(holds).length]));
  const skills = new CurriculumRepository(db);
  const result = await db.transaction(async () => {
    const existing = new Map((await selectSkills(skills)).map((r) => [r.code, r]));
    const fresh = records.filter((r) => !existing.has(r.code));
    const changed = records.filter((r) => {
      const old = existing.get(r.code);
      return old !== undefined && !sameRecord(old, r);
    });
    await upsertSkills(skills, [...fresh, ...changed]);
    return { inserted: fresh.length, updated: changed.length };
  });
  const summary: ImportResult = {
    files,
    records: records.length,
    ...result,
    unchanged: records.length - result.inserted - result.updated,
    byPart,
    byComponent,
  };
  logger?.info(
    `Matriz curricular: ${summary.records} habilidades (${summary.inserted} novas, ${summary.updated} atualizadas, ` +
      `${summary.unchanged} sem alteração).`,
  );
  return summary;
}
