import { randomBytes } from 'node:crypto';
import { dropDatabase } from '@planejador/db';
import NodeEnvironment from 'jest-environment-node';
import { workerStackPool } from '../stack/pool';
import { copyTestDatabase, runDatabaseUrl } from './test-env';

/**
 * The test environment of the integration and e2e projects.
 * - Each test file but an e2e one gets a database of its own as DATABASE_URL, a copy of the run's template (migrated, curriculum
 *   imported by global-setup; a copy takes a fraction of a second), dropped once the file is done, after its
 *   afterAll hooks: for the repositories' tests and the files that start processes of their own.
 * - The jest worker's pool of started stacks (libs/testing/src/stack/pool.ts) on the file's global object: a file
 *   that asks for a shared stack gets the one of its settings, started once per jest worker, and its DATABASE_URL
 *   becomes the stack's. After the file, the pool lets the stack's jobs end and resets what the file scripted.
 * - A loopback address of its own for the file's HTTP clients (TEST_CLIENT_ADDRESS), so per-address limits of a
 *   shared api never count another file's requests (Linux: elsewhere only 127.0.0.1 answers, and the tests' limits
 *   are high).
 */
export default class DatabaseEnvironment extends NodeEnvironment {
  private databaseUrl: string | undefined;
  /** An e2e file works on its stack's database only (startStack sets DATABASE_URL): no copy of its own. */
  private readonly ownDatabase: boolean;

  constructor(config: ConstructorParameters<typeof NodeEnvironment>[0], context: ConstructorParameters<typeof NodeEnvironment>[1]) {
    super(config, context);
    this.ownDatabase = !/[/\\]web[/\\]e2e[/\\]/.test(context.testPath);
  }

  override async setup(): Promise<void> {
    await super.setup();
    const runId = process.env.TEST_RUN_ID;
    const template = process.env.TEST_DATABASE_TEMPLATE;
    if (!runId || !template) throw new Error('No template database: this environment needs libs/testing/src/jest/global-setup.ts.');
    if (this.ownDatabase) {
      const databaseUrl = runDatabaseUrl(runId, `file_${randomBytes(4).toString('hex')}`);
      await copyTestDatabase(template, databaseUrl);
      this.databaseUrl = databaseUrl;
      this.global.process.env.DATABASE_URL = databaseUrl;
    }
    if (process.platform === 'linux') this.global.process.env.TEST_CLIENT_ADDRESS = fileClientAddress();
    (this.global as { __planejadorStackPool?: unknown }).__planejadorStackPool = workerStackPool();
  }

  override async teardown(): Promise<void> {
    await workerStackPool().afterFile();
    // Forced: a connection the file forgot to close must not keep its database alive.
    if (this.databaseUrl && process.env.KEEP_TEST_DB !== '1') await dropDatabase(this.databaseUrl);
    await super.teardown();
  }
}

/** A random loopback address other than 127.0.0.1 (Linux answers the whole 127.0.0.0/8). */
function fileClientAddress(): string {
  const [a, b, c] = randomBytes(3);
  return `127.${1 + (a % 254)}.${b}.${1 + (c % 254)}`;
}
