import cluster from 'node:cluster';
import { setFlagsFromString } from 'node:v8';
import { Logger } from '@nestjs/common';
import { appUrl, loadSettings, reportError, SettingsError } from '@planejador/config';
import { createApp } from './bootstrap';
import { superviseApiProcesses } from './cluster';
import { PLAIN_HTTP_WARNING, servedOverHttps } from './fast-path/session';

// V8 lets the old generation grow only about 1.5 times past what its last full collection kept (the api keeps ~45 MB)
// before collecting it again; at 500 req/s that was a full collection every 4 s, each one a bunch of slow requests.
// Up to 4 times (~180 MB here) makes them rare. V8 reads the factor at each collection, so setting it now works;
// a --heap-growing-percent given on the command line wins.
if (!process.execArgv.some((arg) => arg.startsWith('--heap-growing-percent') || arg.startsWith('--heap_growing_percent'))) {
  setFlagsFromString('--heap-growing-percent=300');
}

async function main() {
  const settings = loadSettings();
  if (!settings.DATABASE_URL || !settings.REDIS_URL) {
    throw new SettingsError('DATABASE_URL e REDIS_URL são obrigatórios para a API (use `npm start`, que os fornece).');
  }
  if (settings.API_PROCESSES > 1 && cluster.isPrimary) return superviseApiProcesses(settings);
  const app = await createApp(settings);
  await app.listen(settings.PORT, settings.HOST);
  const logger = new Logger('Bootstrap');
  if (cluster.isWorker) {
    // The supervisor says 'API ouvindo' once every process listens.
    logger.log({ port: settings.PORT }, `processo da API pronto na porta ${settings.PORT}`);
    return;
  }
  logger.log({ port: settings.PORT }, `API ouvindo na porta ${settings.PORT}`);
  if (settings.NODE_ENV === 'production' && !servedOverHttps(settings)) {
    logger.warn({ appUrl: appUrl(settings) }, PLAIN_HTTP_WARNING);
  }
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
