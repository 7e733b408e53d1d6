import { randomBytes } from 'node:crypto';
import { copyDatabase, dropDatabase } from '@planejador/db';
import NodeEnvironment from 'jest-environment-node';
import { runDatabaseUrl } from './test-env';

/**
 * The test environment of the integration and e2e projects: each test file gets a database of its own as
 * DATABASE_URL, a copy of the run's template (migrated, curriculum imported by global-setup; a copy takes a
 * fraction of a second), dropped once the file is done, after its afterAll hooks. So files running in parallel
 * never see each other's rows, and a worker's sweeper re-queues only its own file's plans and e-mails.
 */
export default class DatabaseEnvironment extends NodeEnvironment {
  private databaseUrl: string | undefined;

  override async setup(): Promise<void> {
    await super.setup();
    const runId = process.env.TEST_RUN_ID;
    const template = process.env.TEST_DATABASE_TEMPLATE;
    if (!runId || !template) throw new Error('No template database: this environment needs libs/testing/src/jest/global-setup.ts.');
    const databaseUrl = runDatabaseUrl(runId, `file_${randomBytes(4).toString('hex')}`);
    await copyDatabase(template, databaseUrl);
    this.databaseUrl = databaseUrl;
    this.global.process.env.DATABASE_URL = databaseUrl;
  }

  override async teardown(): Promise<void> {
    // Forced: a connection the file forgot to close must not keep its database alive.
    if (this.databaseUrl && process.env.KEEP_TEST_DB !== '1') await dropDatabase(this.databaseUrl);
    await super.teardown();
  }
}
