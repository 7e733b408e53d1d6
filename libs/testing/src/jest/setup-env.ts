// Per test file: the test processes' defaults (quiet logs, fast retries, high per-address limits, no index warm-up);
// the database comes from the test environment, the rest from global-setup.
import './fresh-orm-metadata';
import { TEST_PROCESS_DEFAULTS } from './test-env';

for (const [key, value] of Object.entries(TEST_PROCESS_DEFAULTS)) process.env[key] ??= value;
// A key prefix per test file (under the run's, which global-teardown removes): rate-limit counters and queues
// of one file never meet another's. The api and the workers a file starts share it through the environment.
if (process.env.TEST_RUN_ID) {
  process.env.QUEUE_PREFIX = `${process.env.TEST_RUN_ID}_${Math.random().toString(36).slice(2, 8)}`;
}
