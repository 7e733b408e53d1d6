import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';

/** The repository root (scripts/dist/.. /..), whatever the caller's working directory. */
export const repoRoot = resolve(__dirname, '..', '..');

/** Local state of `npm start`: embedded PostgreSQL, Redis, session secret, mail outbox (git-ignored). */
export const dataDir = resolve(repoRoot, '.data');

export function ensureDir(path: string, mode = 0o755): string {
  mkdirSync(path, { recursive: true, mode });
  return path;
}
