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

main().catch((err) => {
  console.error(err instanceof SettingsError ? err.message : err);
  process.exit(1);
});
