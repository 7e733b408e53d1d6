// Per test file: quiet logs, fast retries; the database comes from database-environment.ts, the rest from
// global-setup.
process.env.LOG_LEVEL ??= 'warn';
process.env.NODE_ENV ??= 'test';
process.env.SESSION_SECRET ??= 'test-session-secret-0123456789abcdef0123456789';
process.env.AI_RETRY_BASE_MS ??= '20';
process.env.SWEEP_INTERVAL_MS ??= '1000';
process.env.GENERATION_RETRY_BASE_MS ??= '200';
// Every test file signs up many users from 127.0.0.1: per-IP limits would trip across files. Tests of the
// limits themselves pass their own low values.
process.env.RATE_LIMIT_LOGIN ??= '1000';
process.env.RATE_LIMIT_FORGOT ??= '1000';
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
