import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { appUrl, endOrphanedConversions, loadSettings, readEnv, redactUrl, Settings, SettingsError } from '@planejador/config';
import { resolveDatabase } from './embedded-postgres';
import { bold, fail, info, warn } from './log';
import { isPortFree, sleep } from './ports';
import { isAlive, launch, ManagedProcess, runToEnd } from './processes';
import { dataDir, ensureDir, repoRoot } from './paths';
import { findRedisServer, REDIS_MISSING_MESSAGE, startRedis } from './redis-server';
import { localSessionSecret } from './session-secret';
import { Supervisor } from './supervisor';

const API_MAIN = join(repoRoot, 'api/dist/main.js');
const WORKER_MAIN = join(repoRoot, 'worker/dist/main.js');
const MIGRATE_CLI = join(repoRoot, 'libs/db/dist/cli.js');
const CURRICULUM_CLI = join(repoRoot, 'libs/curriculum/dist/cli.js');
const LOCK_FILE = join(dataDir, 'launcher.pid');

class StartError extends Error {}

/** A StartError is a message for the user; anything else is a bug worth its stack. */
const describe = (err: unknown) => (err instanceof StartError ? err.message : err instanceof Error ? (err.stack ?? err.message) : String(err));

/** One `npm start` per checkout: a second one would fight over .data. */
function takeLock(): void {
  ensureDir(dataDir);
  if (existsSync(LOCK_FILE)) {
    const pid = Number(readFileSync(LOCK_FILE, 'utf8').trim());
    if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid)) {
      throw new StartError(`O Planejador já está rodando nesta pasta (pid ${pid}). / Already running (pid ${pid}).`);
    }
  }
  writeFileSync(LOCK_FILE, `${process.pid}\n`);
  process.on('exit', () => {
    if (existsSync(LOCK_FILE) && readFileSync(LOCK_FILE, 'utf8').trim() === String(process.pid)) rmSync(LOCK_FILE);
  });
}

function readSettings(): Settings {
  try {
    return loadSettings(readEnv(repoRoot));
  } catch (err) {
    if (err instanceof SettingsError) throw new StartError(`${err.message}\n(veja a tabela de configurações no README)`);
    throw err;
  }
}

function checkBuilt(files: string[]): void {
  const missing = files.filter((file) => !existsSync(file));
  if (missing.length) {
    throw new StartError(`Faltam arquivos compilados: ${missing.join(', ')}. Rode \`npm run build\` (npm start já faz isso).`);
  }
}

async function waitForHealth(url: string, supervisor: Supervisor, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (supervisor.stopping) return;
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await sleep(300);
  }
  throw new StartError(`A API não respondeu em ${url} em ${timeoutMs / 1000} s.`);
}

function banner(settings: Settings, url: string): void {
  const line = '─'.repeat(64);
  const lines = [
    line,
    `  ${bold('Planejador pronto / ready:')} ${bold(url)}`,
    settings.OPENAI_API_KEY
      ? `  IA: ${settings.OPENAI_MODEL}${settings.OPENAI_BASE_URL ? ` em ${settings.OPENAI_BASE_URL}` : ''}`
      : '  IA desligada (sem OPENAI_API_KEY): os planos são montados offline a partir da BNCC.\n  AI is offline (OPENAI_API_KEY unset): plans are drafted from the curriculum data.',
    settings.SMTP_URL ? '' : `  E-mails vão para ${join('.data', 'outbox')} (sem SMTP_URL) / mail goes to .data/outbox`,
    '  Admin: npm run admin -- grant seu@email    ·    Ctrl-C para parar / to stop',
    line,
  ];
  console.log(lines.filter(Boolean).join('\n'));
}

/**
 * A worker that ended (crashed, killed or stopped) leaves no document work behind: the LibreOffice conversions and
 * render children still running in its process groups are killed, and its conversion folder removed.
 */
function endConversionsOf(worker: ManagedProcess): void {
  if (!worker.child.pid) return;
  const ended = endOrphanedConversions(worker.child.pid);
  if (ended.length) warn(`conversões de documentos órfãs do worker encerradas: ${ended.length} / orphaned conversions ended`);
}

async function main(): Promise<void> {
  process.chdir(repoRoot);
  const settings = readSettings();
  checkBuilt([MIGRATE_CLI]);
  // The lock guards .data/postgres and .data/redis; with both services given, runs may share a checkout.
  if (!settings.DATABASE_URL || !settings.REDIS_URL) takeLock();
  if (!(await isPortFree(settings.PORT, settings.HOST))) {
    throw new StartError(`A porta ${settings.PORT} já está em uso. Use outra: PORT=3001 npm start / port in use, set PORT.`);
  }
  const redisBinary = settings.REDIS_URL ? undefined : findRedisServer();
  if (!settings.REDIS_URL && !redisBinary) throw new StartError(REDIS_MISSING_MESSAGE);

  const supervisor = new Supervisor();
  supervisor.installSignalHandlers();
  try {
    if (!settings.DATABASE_URL) info('Sem DATABASE_URL: usando o PostgreSQL embutido (.data/postgres)...');
    const database = await resolveDatabase(settings.DATABASE_URL, { whenRunning: 'restart', initialise: true });
    if (database.server) supervisor.add(database.server, 0);
    info(`PostgreSQL: ${redactUrl(database.url)}`);

    let redisUrl = settings.REDIS_URL;
    if (!redisUrl && redisBinary) {
      const redis = await startRedis(redisBinary);
      supervisor.add(redis.server, 1);
      redisUrl = redis.url;
    }
    info(`Redis: ${redactUrl(redisUrl)}`);

    let sessionSecret = settings.SESSION_SECRET;
    if (!sessionSecret && settings.NODE_ENV !== 'production') {
      sessionSecret = localSessionSecret();
      info('SESSION_SECRET: o de .data/session-secret (gerado na primeira execução)');
    }

    const url = appUrl(settings);
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATABASE_URL: database.url,
      REDIS_URL: redisUrl,
      SESSION_SECRET: sessionSecret,
      PORT: String(settings.PORT),
      APP_URL: url,
      WEB_DIST_DIR: settings.WEB_DIST_DIR ?? join(repoRoot, 'web/dist'),
    };
    if (!settings.SMTP_URL && !settings.MAIL_OUTBOX_DIR) env.MAIL_OUTBOX_DIR = ensureDir(join(dataDir, 'outbox'));

    const oneShot = { env, cwd: repoRoot, colour: 'grey' as const };
    if ((await runToEnd('migrate', process.execPath, [MIGRATE_CLI, 'migrate'], oneShot)) !== 0) {
      throw new StartError('As migrações falharam (veja acima). / Migrations failed.');
    }
    if (supervisor.stopping) return;
    if (existsSync(CURRICULUM_CLI)) {
      const code = await runToEnd('curriculum', process.execPath, [CURRICULUM_CLI, 'import', '--if-empty'], oneShot);
      if (code !== 0) throw new StartError('A importação do currículo falhou (veja acima). / Curriculum import failed.');
    } else {
      warn(`${CURRICULUM_CLI} não existe: importação do currículo pulada / curriculum import skipped`);
    }
    if (supervisor.stopping) return;

    checkBuilt([API_MAIN, WORKER_MAIN]);
    // A crashed api or worker is started again while the other keeps serving (Supervisor.keep).
    supervisor.keep('api', () => launch('api', process.execPath, [API_MAIN], { env, cwd: repoRoot, colour: 'cyan' }));
    supervisor.keep('worker', () => launch('worker', process.execPath, [WORKER_MAIN], { env, cwd: repoRoot, colour: 'yellow' }), endConversionsOf);
    await waitForHealth(`http://127.0.0.1:${settings.PORT}/api/health`, supervisor);
    if (!supervisor.stopping) banner(settings, url);
  } catch (err) {
    if (supervisor.stopping) return;
    fail(describe(err));
    await supervisor.shutdown(1);
  }
}

main().catch((err) => {
  fail(describe(err));
  process.exit(1);
});
