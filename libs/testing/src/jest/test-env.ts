import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { copyDatabase, dropDatabasesStartingWith } from '@planejador/db';

export { TEST_PROCESS_DEFAULTS } from './process-defaults';

export const TEST_PG_BASE = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';


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

/**
 * A test database as a copy of `templateUrl` whose sessions commit without waiting for the disk
 * (synchronous_commit off, the database's default for its own connections; the server's settings are left alone):
 * a crash of PostgreSQL could lose the last commits of a test database, which nobody keeps.
 */
export async function copyTestDatabase(templateUrl: string, databaseUrl: string): Promise<void> {
  await copyDatabase(templateUrl, databaseUrl);
  await relaxDurability(databaseUrl);
}

/** synchronous_commit off for the sessions of a test database (a copy does not inherit it: set on each). */
export async function relaxDurability(databaseUrl: string): Promise<void> {
  const name = decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
  const client = new Client({ connectionString: databaseUrlFor('postgres') });
  await client.connect();
  try {
    await client.query(`alter database "${name.replace(/"/g, '""')}" set synchronous_commit = off`);
  } finally {
    await client.end();
  }
}
