// Per test file: the test processes' defaults (quiet logs, fast retries, high per-address limits, no index warm-up);
// the database comes from the test environment, the rest from global-setup.
import { TEST_PROCESS_DEFAULTS } from './process-defaults';

for (const [key, value] of Object.entries(TEST_PROCESS_DEFAULTS)) process.env[key] ??= value;
// A key prefix per test file (under the run's, which global-teardown removes): rate-limit counters and queues
// of one file never meet another's. The api and the workers a file starts share it through the environment.
if (process.env.TEST_RUN_ID) {
  process.env.QUEUE_PREFIX = `${process.env.TEST_RUN_ID}_${Math.random().toString(36).slice(2, 8)}`;
}

// MikroORM keeps entity metadata on globalThis; a previous test file's copy (another realm) would be
// reused by this file's classes and fail ("Map.prototype.set called on incompatible receiver").
for (const key of Object.keys(globalThis)) {
  if (key.startsWith('mikro-orm-')) delete (globalThis as Record<string, unknown>)[key];
}
