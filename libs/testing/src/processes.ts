import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { waitFor } from './wait';

export const REPO_ROOT = resolve(__dirname, '../../..');

export interface ManagedProcess {
  proc: ChildProcess;
  /** Its last lines (stdout and stderr), for failure messages and for tests that check what it printed. */
  output: string[];
  /** The health endpoint it was started with (spawnApi, spawnWorker), to wait on it going down or coming back. */
  healthUrl?: string;
  /**
   * SIGTERM and wait (graceful), or SIGKILL for crash tests; a process still running `killAfterMs` after the signal
   * (default 10 s) is killed.
   */
  stop(signal?: NodeJS.Signals, killAfterMs?: number): Promise<void>;
}

/** When a started process is ready: its health endpoint answers 200, or a probe of the test's own says so. */
export type Readiness = { healthUrl: string } | { probe: () => Promise<boolean>; what: string };

/**
 * Starts a built process (api/dist/main.js or worker/dist/main.js) with the test run's environment
 * plus `env`, and resolves once it is ready (never by reading its log lines). `npm test` builds first; run
 * `npm run build:server` before running jest alone. It waits up to 90 s: on 2 busy cores (load ~17) a worker takes ~17 s
 * only to load its modules, and a process that never gets ready still fails.
 */
export async function spawnNode(
  entry: string,
  env: Record<string, string | undefined>,
  ready: Readiness,
  timeoutMs = 90000,
): Promise<ManagedProcess> {
  const file = resolve(REPO_ROOT, entry);
  if (!existsSync(file)) throw new Error(`${entry} is not built: run \`npm run build:server\` first`);
  const proc = spawn(process.execPath, [file], {
    cwd: REPO_ROOT,
    env: { ...process.env, LOG_LEVEL: 'info', ...env } as NodeJS.ProcessEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const onData = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) output.push(line);
    if (output.length > 5000) output.splice(0, output.length - 5000);
  };
  proc.stdout!.on('data', onData);
  proc.stderr!.on('data', onData);
  const exited = new Promise<void>((resolveExit) => proc.once('exit', () => resolveExit()));

  const managed: ManagedProcess = {
    proc,
    output,
    healthUrl: 'healthUrl' in ready ? ready.healthUrl : undefined,
    async stop(signal: NodeJS.Signals = 'SIGTERM', killAfterMs = 10000) {
      if (proc.exitCode !== null || proc.signalCode !== null) return;
      proc.kill(signal);
      const timer = setTimeout(() => proc.kill('SIGKILL'), killAfterMs);
      await exited;
      clearTimeout(timer);
    },
  };
  const probe = 'healthUrl' in ready ? () => isHealthy(ready.healthUrl) : ready.probe;
  const what = 'healthUrl' in ready ? `${ready.healthUrl} to answer 200` : ready.what;
  try {
    await waitFor(
      async () => {
        if (proc.exitCode !== null || proc.signalCode !== null) {
          throw new Error(`${entry} exited (code ${proc.exitCode}). Last lines:\n${output.slice(-30).join('\n')}`);
        }
        return probe();
      },
      { timeoutMs, what: `${entry}: ${what}` },
    );
  } catch (err) {
    await managed.stop('SIGKILL');
    if (/^timed out/.test((err as Error).message)) {
      throw new Error(`${(err as Error).message}. Last lines:\n${output.slice(-20).join('\n')}`);
    }
    throw err;
  }
  return managed;
}

/**
 * Whether a health endpoint answers 200 now (refused, timed out or any other status: no). On a new connection each
 * time: a kept-alive one would still be answered by a server that has stopped taking connections.
 */
export async function isHealthy(url: string): Promise<boolean> {
  return fetch(url, { headers: { connection: 'close' }, signal: AbortSignal.timeout(1000) }).then(
    async (res) => {
      await res.arrayBuffer().catch(() => undefined);
      return res.ok;
    },
    () => false,
  );
}

/**
 * Polls a process's health endpoint until it answers 200 ('up'), or until it no longer does ('down': the process
 * saw its Redis or PostgreSQL go away, or stopped serving), instead of reading log lines or sleeping.
 */
export async function waitForHealth(
  target: ManagedProcess | string,
  state: 'up' | 'down',
  { timeoutMs = 30000 }: { timeoutMs?: number } = {},
): Promise<void> {
  const url = typeof target === 'string' ? target : target.healthUrl;
  if (!url) throw new Error('waitForHealth: this process was started without a health endpoint');
  await waitFor(async () => (await isHealthy(url)) === (state === 'up'), { timeoutMs, what: `${url} to be ${state}` });
}

/** A worker, ready once its GET /health answers (on a free port of its own). */
export async function spawnWorker(env: Record<string, string | undefined> = {}): Promise<ManagedProcess> {
  const port = await freePort();
  return spawnNode('worker/dist/main.js', { WORKER_HEALTH_PORT: String(port), ...env }, { healthUrl: `http://127.0.0.1:${port}/health` });
}

/**
 * An api (on `port`) and a worker with the same settings, started side by side (neither needs the other to be up);
 * if one fails to start, the other is stopped and the failure thrown.
 */
export async function spawnApiAndWorker(port: number, env: Record<string, string | undefined>): Promise<{ api: ManagedProcess; worker: ManagedProcess }> {
  const [worker, api] = await Promise.allSettled([spawnWorker(env), spawnApi(port, env)]);
  if (worker.status === 'rejected' || api.status === 'rejected') {
    for (const started of [worker, api]) if (started.status === 'fulfilled') await started.value.stop();
    throw worker.status === 'rejected' ? worker.reason : (api as PromiseRejectedResult).reason;
  }
  return { api: api.value, worker: worker.value };
}

/** An api process, ready once its GET /api/health answers. */
export function spawnApi(port: number, env: Record<string, string | undefined> = {}): Promise<ManagedProcess> {
  return spawnNode('api/dist/main.js', { PORT: String(port), HOST: '127.0.0.1', ...env }, { healthUrl: `http://127.0.0.1:${port}/api/health` });
}

/**
 * A free loopback port below the kernel's range of ephemeral ports (32768-60999 on Linux), for a server that a test
 * stops and starts again on the same port (its clients keep the address): no client's outgoing connection can take
 * it meanwhile, and no other test's `freePort()` hands it out. Start the server with its exact-port option, so
 * that a port taken after this check fails at once instead of moving the server where nobody looks.
 */
export async function restartablePort(): Promise<number> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const port = await listenOnce(20000 + Math.floor(Math.random() * 12000));
    if (port !== null) return port;
  }
  throw new Error('no free port between 20000 and 31999');
}

/** A free TCP port on the loopback interface. */
export async function freePort(): Promise<number> {
  const port = await listenOnce(0);
  if (port === null) throw new Error('no free port on 127.0.0.1');
  return port;
}

/** Listens on 127.0.0.1:`port` (0: one the system picks) and closes again: the port it had, or null if taken. */
async function listenOnce(port: number): Promise<number | null> {
  const net = await import('node:net');
  return new Promise((resolvePort) => {
    const srv = net.createServer();
    srv.once('error', () => resolvePort(null));
    srv.listen({ port, host: '127.0.0.1', exclusive: true }, () => {
      const bound = (srv.address() as { port: number }).port;
      srv.close(() => resolvePort(bound));
    });
  });
}
