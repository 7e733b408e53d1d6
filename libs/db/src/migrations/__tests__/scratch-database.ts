import { randomBytes } from 'node:crypto';
import { MikroORM } from '@mikro-orm/postgresql';
import { Client } from 'pg';
import { dropDatabase, ensureDatabase } from '../../database-url';
import { ormConfig } from '../../orm.config';

/** An empty database of a migration's test: its migrator (silent) and a pg client for the rows before and after. */
export interface ScratchDatabase {
  orm: MikroORM;
  db: Client;
}

/**
 * For a migration test file: a new empty database of its own (no migration run, so the test migrates it up to the
 * migration before the one it checks and stores the rows that migration meets), created in beforeAll and dropped in
 * afterAll. Its fields are set once beforeAll has run.
 */
export function useScratchDatabase(name: string): ScratchDatabase {
  const scratch = {} as ScratchDatabase;
  let databaseUrl: string | undefined;
  beforeAll(async () => {
    const template = process.env.TEST_EMPTY_DATABASE_TEMPLATE;
    if (!template || !process.env.TEST_RUN_ID) throw new Error("TEST_EMPTY_DATABASE_TEMPLATE is set by the integration project's global-setup.");
    // Named after the run: its teardown drops it even when afterAll never runs.
    databaseUrl = template.replace(/[^/]+$/, `${process.env.TEST_RUN_ID}_${name}_${randomBytes(4).toString('hex')}`);
    await ensureDatabase(databaseUrl);
    const config = ormConfig({ databaseUrl, poolMax: 2 });
    scratch.orm = await MikroORM.init({ ...config, migrations: { ...config.migrations, silent: true } });
    scratch.db = new Client({ connectionString: databaseUrl });
    await scratch.db.connect();
  });
  afterAll(async () => {
    await scratch.db?.end();
    await scratch.orm?.close(true);
    if (databaseUrl) await dropDatabase(databaseUrl);
  });
  return scratch;
}
