import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import { ormConfig } from '@planejador/db';
import { CURRICULUM_FILES, readCurriculumFiles } from './curriculum-files';
import { countSkills, selectSkills, sameRecord, upsertSkills } from './curriculum-rows';
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
  target: EntityManager | string,
  dir: string,
  logger?: ImportLogger,
): Promise<ImportResult> {
  const { files, records, rsRecords } = readCurriculumFiles(dir);
  if (!rsRecords) logger?.info('Matriz estadual (rs-matrix.json) não encontrada: somente a BNCC será importada.');
  return withEntityManager(target, (em) => writeRecords(em, files, records, logger));
}

/** Number of skills in the database (the launcher imports only when it is zero). */
export async function curriculumSkillCount(target: EntityManager | string): Promise<number> {
  return withEntityManager(target, countSkills);
}

/** A fork of the given EntityManager, or of a short-lived ORM for a database URL (the command line). */
async function withEntityManager<T>(target: EntityManager | string, work: (em: EntityManager) => Promise<T>): Promise<T> {
  if (typeof target !== 'string') return work(target.fork());
  const orm = await MikroORM.init(ormConfig({ databaseUrl: target, poolMax: 2 }));
  try {
    return await work(orm.em.fork());
  } finally {
    await orm.close(true);
  }
}

async function writeRecords(
  em: EntityManager,
  files: string[],
  records: CurriculumRecord[],
  logger?: ImportLogger,
): Promise<ImportResult> {
  const byComponent: Record<string, number> = {};
  for (const r of records) byComponent[`${r.etapa}/${r.component}`] = (byComponent[`${r.etapa}/${r.component}`] ?? 0) + 1;
  const byPart = Object.fromEntries(CURRICULUM_FILES.map(({ label, holds }) => [label, records.filter(holds).length]));
  const result = await em.transactional(async (tx) => {
    const existing = new Map((await selectSkills(tx)).map((r) => [r.code, r]));
    const fresh = records.filter((r) => !existing.has(r.code));
    const changed = records.filter((r) => {
      const old = existing.get(r.code);
      return old !== undefined && !sameRecord(old, r);
    });
    await upsertSkills(tx, [...fresh, ...changed]);
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
