import { MikroORM } from '@mikro-orm/postgresql';
import { Client, Pool } from 'pg';
import { ormConfig } from '@planejador/db';

// A test's own connections to its run's database, to arrange and inspect rows. The api and the worker reach
// PostgreSQL only through libs/db's repositories (their source may not import a database client); tests do it here.

export type TestOrm = MikroORM;
export type TestPool = Pool;
export type TestPgClient = Client;

const url = () => {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error('DATABASE_URL is not set: the test environment gives each file its database');
  return databaseUrl;
};

/** The ORM on the test's database (entities, em.execute), closed by the caller with `close(true)`. */
export function openTestOrm(databaseUrl = url(), poolMax = 2): Promise<TestOrm> {
  return MikroORM.init(ormConfig({ databaseUrl, poolMax }));
}

/**
 * The same, opened without waiting: entity discovery now, the connection on the first query (for a harness that
 * offers an ORM to files that may never use it). Closed by the caller with `close(true)`.
 */
export function openTestOrmLazily(databaseUrl = url(), poolMax = 2): TestOrm {
  return MikroORM.initSync(ormConfig({ databaseUrl, poolMax }));
}

/** A pg pool on the test's database, ended by the caller. */
export function openTestPool(databaseUrl = url(), max = 1): TestPool {
  return new Pool({ connectionString: databaseUrl, max });
}

/** A pg client on a database (the test's by default), not yet connected: the caller connects and ends it. */
export function testPgClient(databaseUrl = url(), options: { connectionTimeoutMillis?: number } = {}): TestPgClient {
  return new Client({ connectionString: databaseUrl, ...options });
}

/** A connected pg client on the test's database, ended by the caller. */
export async function openTestClient(databaseUrl = url()): Promise<TestPgClient> {
  const client = testPgClient(databaseUrl);
  await client.connect();
  return client;
}
