import { Logger } from '@nestjs/common';
import { loadSettings, SettingsError } from '@planejador/config';
import { createWorker } from './bootstrap';

async function main() {
  const settings = loadSettings();
  if (!settings.DATABASE_URL || !settings.REDIS_URL) {
    throw new SettingsError('DATABASE_URL e REDIS_URL são obrigatórios para o worker (use `npm start`, que os fornece).');
  }
  await createWorker();
  new Logger('Worker').log(
    { concurrency: settings.WORKER_CONCURRENCY, ai: settings.OPENAI_API_KEY ? 'openai' : 'offline' },
    'worker pronto',
  );
}

// A stray rejection (e.g. a fire-and-forget Redis call during an outage) is logged, not fatal: the
// process keeps serving, and everything that matters is in PostgreSQL and Redis anyway.
process.on('unhandledRejection', (reason) => {
  new Logger('Process').error({ err: reason instanceof Error ? reason.message : String(reason) }, 'unhandled rejection');
});

main().catch((err) => {
  console.error(err instanceof SettingsError ? err.message : err);
  process.exit(1);
});
