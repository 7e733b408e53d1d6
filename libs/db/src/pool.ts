import { Pool } from 'pg';

export type { Pool as PgPool } from 'pg';

/**
 * A small pool straight on PostgreSQL, for the repository functions that run one prepared statement without the ORM
 * (the coverage, read by the api's page and by the worker's trimestre hand-in). Idle clients dropped by a restart
 * are let go: the next query reconnects. Up to two idle clients stay open (pg closes the others after 10 s), so the
 * first request after a quiet spell does not open a connection for its session and statements.
 */
export function createPgPool(databaseUrl: string, max: number): Pool {
  const pool = new Pool({ connectionString: databaseUrl, max, min: Math.min(2, max), connectionTimeoutMillis: 3000 });
  pool.on('error', () => undefined);
  return pool;
}
