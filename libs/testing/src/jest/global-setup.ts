import { ensureDatabase, migrate } from '@planejador/db';
import { databaseUrlFor, TEST_REDIS_URL, uniqueRunId } from './test-env';
import { importTestCurriculum, testCurriculumDir } from './curriculum-fixture';

/**
 * Once per jest run: a fresh database (migrated, curriculum imported) and a Redis key prefix of its own,
 * passed to every test file through the environment. global-teardown removes both.
 */
export default async function globalSetup(): Promise<void> {
  const runId = uniqueRunId('planejador_test_');
  const databaseUrl = databaseUrlFor(runId);
  await ensureDatabase(databaseUrl);
  await migrate(databaseUrl);
  await importTestCurriculum(databaseUrl);
  process.env.DATABASE_URL = databaseUrl;
  process.env.REDIS_URL = TEST_REDIS_URL;
  process.env.QUEUE_PREFIX = runId;
  process.env.TEST_RUN_ID = runId;
  process.env.CURRICULUM_DIR ??= testCurriculumDir();
}
