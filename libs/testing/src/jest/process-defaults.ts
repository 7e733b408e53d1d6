// No imports: setup-env.ts runs in every test file's sandbox before the file, and a module it loads there (libs/db
// would bring MikroORM) is loaded before the file's own set-up.

/**
 * The settings every test process runs with unless a test says otherwise (the test files' own environment, and the
 * api and worker processes of the shared stacks): quiet logs, fast retries and sweeps, the search indexes built on
 * first use instead of at start, and per-address limits high enough for many teachers signed up from one address.
 * Tests of the limits themselves pass their own low values.
 */
export const TEST_PROCESS_DEFAULTS: Readonly<Record<string, string>> = {
  LOG_LEVEL: 'warn',
  NODE_ENV: 'test',
  SESSION_SECRET: 'test-session-secret-0123456789abcdef0123456789',
  AI_RETRY_BASE_MS: '20',
  SWEEP_INTERVAL_MS: '1000',
  GENERATION_RETRY_BASE_MS: '200',
  RATE_LIMIT_LOGIN: '1000',
  RATE_LIMIT_FORGOT: '1000',
  SEARCH_INDEX_WARMUP: 'false',
};
