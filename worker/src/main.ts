import { Logger } from '@nestjs/common';
import { initErrorReporting, loadSettings, reportError, SettingsError } from '@planejador/config';
import { configureZodMessages } from '@planejador/contracts';
import { createWorker } from './bootstrap';
import { startHealthServer } from './core/health-server';

async function main() {
  configureZodMessages();
  const settings = loadSettings();
  if (!settings.DATABASE_URL || !settings.REDIS_URL) {
    throw new SettingsError('DATABASE_URL e REDIS_URL são obrigatórios para o worker (use `npm start`, que os fornece).');
  }
  await initErrorReporting({ dsn: settings.SENTRY_DSN, service: 'worker', environment: settings.NODE_ENV });
  const app = await createWorker(settings);
  if (settings.WORKER_HEALTH_PORT) {
    const health = await startHealthServer(app, settings.WORKER_HEALTH_PORT, settings.WORKER_HEALTH_HOST);
    process.once('SIGTERM', () => health.close());
    process.once('SIGINT', () => health.close());
  }
  new Logger('Worker').log(
    { concurrency: settings.WORKER_CONCURRENCY, ai: settings.OPENAI_API_KEY ? 'openai' : 'offline' },
    'worker pronto',
  );
}

// A stray rejection (e.g. a fire-and-forget Redis call during an outage) is logged, not fatal: the
// process keeps serving, and everything that matters is in PostgreSQL and Redis anyway.
process.on('unhandledRejection', (reason) => {
  reportError(reason);
  new Logger('Process').error({ err: reason instanceof Error ? reason.message : String(reason) }, 'unhandled rejection');
});

main().catch((err) => {
  console.error(err instanceof SettingsError ? err.message : err);
  process.exit(1);
});
