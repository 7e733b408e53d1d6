import { existsSync, readFileSync } from 'node:fs';
import { Socket } from 'node:net';
import { delimiter, join } from 'node:path';
import { warn } from './log';
import { choosePort, sleep } from './ports';
import { isAlive, launch, ManagedProcess, stopPid } from './processes';
import { dataDir, ensureDir } from './paths';

const PREFERRED_PORT = 56379;
// Homebrew and Debian install it here; PATH comes first.
const EXTRA_DIRS = ['/opt/homebrew/bin', '/usr/local/bin', '/usr/bin', '/usr/sbin'];

export const REDIS_MISSING_MESSAGE = [
  'redis-server não foi encontrado. O Planejador precisa do Redis para as filas.',
  '  Instale:  sudo apt-get install redis-server   (Debian/Ubuntu)',
  '            brew install redis                  (macOS)',
  '  ou aponte para um Redis existente: REDIS_URL=redis://host:6379 npm start',
  'redis-server was not found. Install it (apt-get install redis-server / brew install redis) or set REDIS_URL.',
].join('\n');

export function findRedisServer(pathVariable = process.env.PATH ?? ''): string | undefined {
  const dirs = [...pathVariable.split(delimiter).filter(Boolean), ...EXTRA_DIRS];
  return dirs.map((dir) => join(dir, 'redis-server')).find((file) => existsSync(file));
}

/** Sends PING and expects +PONG. */
export function pingRedis(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new Socket();
    let answer = '';
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('error', () => done(false));
    socket.on('data', (chunk) => {
      answer += chunk.toString();
      if (answer.includes('\r\n')) done(answer.startsWith('+PONG'));
    });
    socket.connect(port, host, () => socket.write('PING\r\n'));
  });
}

/**
 * Starts a private redis-server whose data lives in .data/redis, on `preferredPort` or the next free one (with
 * `exactPort`, that port or an error). BullMQ needs its keys kept: append-only file on, no RDB snapshots, and never
 * evict keys.
 */
export async function startRedis(
  binary: string,
  dir = join(dataDir, 'redis'),
  preferredPort = PREFERRED_PORT,
  { exactPort = false }: { exactPort?: boolean } = {},
): Promise<{ server: ManagedProcess; url: string }> {
  ensureDir(dir);
  const pidFile = join(dir, 'redis.pid');
  const logFile = join(dir, 'redis.log');
  if (existsSync(pidFile)) {
    // A redis from a launcher that died: two servers on one append-only file would corrupt it.
    const pid = Number(readFileSync(pidFile, 'utf8').trim());
    if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) {
      warn(`Parando um Redis que ficou rodando (pid ${pid}) / stopping a leftover Redis`);
      await stopPid(pid, 'SIGTERM', 15_000);
    }
  }
  const port = await choosePort(preferredPort, exactPort);
  const server = launch(
    'redis',
    binary,
    [
      '--port', String(port),
      '--bind', '127.0.0.1',
      '--dir', dir,
      '--save', '',
      '--appendonly', 'yes',
      '--maxmemory-policy', 'noeviction',
      '--pidfile', pidFile,
      '--logfile', logFile,
    ],
    { cwd: dir, env: process.env, colour: 'magenta' },
  );
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline && server.running) {
    if (await pingRedis(port)) return { server, url: `redis://127.0.0.1:${port}` };
    await sleep(100);
  }
  await server.stop(3000);
  const tail = existsSync(logFile) ? readFileSync(logFile, 'utf8').split('\n').slice(-10).join('\n') : '';
  throw new Error(`O Redis não respondeu na porta ${port} / redis-server did not answer. ${logFile}:\n${tail}`);
}
