// Per test file: quiet logs, fast retries; everything else comes from global-setup.
process.env.LOG_LEVEL ??= 'warn';
process.env.NODE_ENV ??= 'test';
process.env.SESSION_SECRET ??= 'test-session-secret-0123456789abcdef0123456789';
process.env.AI_RETRY_BASE_MS ??= '20';
process.env.SWEEP_INTERVAL_MS ??= '1000';
process.env.GENERATION_RETRY_BASE_MS ??= '200';

// MikroORM keeps entity metadata on globalThis; a previous test file's copy (another realm) would be
// reused by this file's classes and fail ("Map.prototype.set called on incompatible receiver").
for (const key of Object.keys(globalThis)) {
  if (key.startsWith('mikro-orm-')) delete (globalThis as Record<string, unknown>)[key];
}
