import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { BnccRecord } from '@planejador/contracts';
import { curriculumDir } from '../curriculum-dir';
import { fromBncc, type CurriculumRecord } from '../curriculum-record';

const repoRoot = resolve(__dirname, '..', '..', '..', '..');

/** The curriculum directory the tests use (CURRICULUM_DIR or the copy shipped in libs/curriculum/data). */
export const testCurriculumDir = curriculumDir({ CURRICULUM_DIR: process.env.CURRICULUM_DIR }, repoRoot);

let cached: CurriculumRecord[] | null = null;

/** The real BNCC records, read once per test file. */
export function bnccRecords(): CurriculumRecord[] {
  cached ??= (JSON.parse(readFileSync(join(testCurriculumDir, 'bncc-ef.json'), 'utf8')) as BnccRecord[]).map(fromBncc);
  return cached.map((r) => ({ ...r, expectativas: [...r.expectativas] }));
}
