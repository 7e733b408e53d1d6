import { randomBytes } from 'node:crypto';
import { dropDatabasesStartingWith } from '@planejador/db';

export const TEST_PG_BASE = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export { TEST_PROCESS_DEFAULTS } from './process-defaults';

/** A database name and Redis key prefix unique to this test run. */
export function uniqueRunId(prefix = 't'): string {
  return `${prefix}${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
}

export function databaseUrlFor(name: string): string {
  return `${TEST_PG_BASE.replace(/\/$/, '')}/${name}`;
}

/** A database of the test run: its name starts with the run's id (so dropRunDatabases finds it). */
export function runDatabaseUrl(runId: string, name: string): string {
  return databaseUrlFor(`${runId}_${name}`);
}

/** Drops every database of the run, unless KEEP_TEST_DB=1; returns their names. */
export async function dropRunDatabases(runId: string): Promise<string[]> {
  if (process.env.KEEP_TEST_DB === '1') return [];
  return dropDatabasesStartingWith(databaseUrlFor('postgres'), `${runId}_`);
}
