import { isAbsolute, resolve } from 'node:path';
import type { Settings } from '@planejador/config';

/** The curriculum data shipped with the repository (BNCC file, SOURCES.md, licence). */
export const SHIPPED_CURRICULUM_DIR = ['libs', 'curriculum', 'data'] as const;

/** Where the curriculum files are: CURRICULUM_DIR (relative to the repository root), else the shipped copy. */
export function curriculumDir(settings: Pick<Settings, 'CURRICULUM_DIR'>, repoRoot: string): string {
  const configured = settings.CURRICULUM_DIR?.trim();
  if (configured) return isAbsolute(configured) ? configured : resolve(repoRoot, configured);
  return resolve(repoRoot, ...SHIPPED_CURRICULUM_DIR);
}
