import { Pool } from 'pg';

export type { Pool as PgPool } from 'pg';

/**
 * Idle connections each pool keeps open (the ORM's and this one): the first request after a quiet spell does not
 * wait for new ones (bench/README.md, "Streaming": about 30 ms on the path to the first AI call).
 */
export const IDLE_CONNECTIONS_KEPT = 2;


/**
 * A small pool straight on PostgreSQL, for the repository functions that run one prepared statement without the ORM
 * (the coverage, read by the api's page and by the worker's trimestre hand-in). Idle clients dropped by a restart
 * are let go: the next query reconnects. IDLE_CONNECTIONS_KEPT idle clients stay open (pg closes the others after
 * 10 s).
 */
export function createPgPool(databaseUrl: string, max: number, idle = IDLE_CONNECTIONS_KEPT): Pool {
  const pool = new Pool({ connectionString: databaseUrl, max, min: Math.min(idle, max), connectionTimeoutMillis: 3000 });
  pool.on('error', () => undefined);
  return pool;
}
