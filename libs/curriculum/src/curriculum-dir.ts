import { isAbsolute, resolve } from 'node:path';
import type { Settings } from '@planejador/config';

/** Where the curriculum files are: CURRICULUM_DIR (relative to the repository root), else ../shared/curriculum. */
export function curriculumDir(settings: Pick<Settings, 'CURRICULUM_DIR'>, repoRoot: string): string {
  const configured = settings.CURRICULUM_DIR?.trim();
  if (configured) return isAbsolute(configured) ? configured : resolve(repoRoot, configured);
  return resolve(repoRoot, '..', 'shared', 'curriculum');
}
