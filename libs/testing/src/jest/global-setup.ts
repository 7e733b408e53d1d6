import { ensureDatabase, migrate } from '@planejador/db';
import { copyTestDatabase, dropRunDatabases, relaxDurability, runDatabaseUrl, TEST_REDIS_URL, uniqueRunId } from './test-env';
import { importTestCurriculum, testCurriculumDir } from './curriculum-fixture';

/**
 * Once per jest run: two template databases named after the run, one migrated and empty, one migrated with the
 * curriculum imported. Each test file works on a copy of the latter of its own (database-environment.ts); tests
 * that need an empty curriculum copy the former (TEST_EMPTY_DATABASE_TEMPLATE). A Redis key prefix of its own is
 * passed to every test file through the environment. global-teardown removes the run's databases and keys.
 */
export default async function globalSetup(): Promise<void> {
  const runId = uniqueRunId('planejador_test_');
  const empty = runDatabaseUrl(runId, 'empty');
  const template = runDatabaseUrl(runId, 'template');
  try {
    await ensureDatabase(empty);
    await relaxDurability(empty);
    await migrate(empty);
    await copyTestDatabase(empty, template);
    await importTestCurriculum(template);
  } catch (err) {
    // jest runs no global teardown when the setup fails.
    await dropRunDatabases(runId);
    throw err;
  }
  // Nobody connects to the templates (a copy needs them idle): DATABASE_URL is each test file's own.
  delete process.env.DATABASE_URL;
  process.env.TEST_DATABASE_TEMPLATE = template;
  process.env.TEST_EMPTY_DATABASE_TEMPLATE = empty;
  process.env.REDIS_URL = TEST_REDIS_URL;
  process.env.QUEUE_PREFIX = runId;
  process.env.TEST_RUN_ID = runId;
  process.env.CURRICULUM_DIR ??= testCurriculumDir();
}
