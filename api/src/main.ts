import { Logger } from '@nestjs/common';
import { appUrl, loadSettings, SettingsError } from '@planejador/config';
import { createApp } from './bootstrap';
import { servedOverHttps } from './http-setup';

async function main() {
  const settings = loadSettings();
  if (!settings.DATABASE_URL || !settings.REDIS_URL) {
    throw new SettingsError('DATABASE_URL e REDIS_URL são obrigatórios para a API (use `npm start`, que os fornece).');
  }
  const app = await createApp();
  await app.listen(settings.PORT, settings.HOST);
  const logger = new Logger('Bootstrap');
  logger.log({ port: settings.PORT }, `API ouvindo na porta ${settings.PORT}`);
  if (settings.NODE_ENV === 'production' && !servedOverHttps(settings)) {
    logger.warn(
      { appUrl: appUrl(settings) },
      'APP_URL não é https: o cookie de sessão vai sem Secure. Atrás de um proxy com TLS, defina APP_URL=https://... e TRUST_PROXY=true.',
    );
  }
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
