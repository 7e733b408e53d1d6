import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

/** The curriculum data shipped in the repository (libs/curriculum/data), or CURRICULUM_DIR. */
export function testCurriculumDir(): string {
  const dir = process.env.CURRICULUM_DIR ?? resolve(__dirname, '../../../../libs/curriculum/data');
  if (!existsSync(resolve(dir, 'bncc-ef.json'))) {
    throw new Error(`Curriculum data not found in ${dir}: set CURRICULUM_DIR or restore libs/curriculum/data.`);
  }
  return dir;
}

/** Imports the real BNCC file into the test database, through the same code as the import command. */
export async function importTestCurriculum(databaseUrl: string): Promise<void> {
  const curriculum = await import('@planejador/curriculum');
  const importer = (curriculum as unknown as { importCurriculum?: (url: string, dir: string) => Promise<unknown> }).importCurriculum;
  if (!importer) throw new Error('importCurriculum is not exported by @planejador/curriculum');
  await importer(databaseUrl, testCurriculumDir());
}
