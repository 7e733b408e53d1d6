import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

export const REPO_ROOT = resolve(__dirname, '../../..');

export interface ManagedProcess {
  proc: ChildProcess;
  output: string[];
  /** SIGTERM and wait (graceful), or SIGKILL for crash tests. */
  stop(signal?: NodeJS.Signals): Promise<void>;
  waitForOutput(pattern: RegExp, timeoutMs?: number): Promise<string>;
}

/**
 * Starts a built process (api/dist/main.js or worker/dist/main.js) with the test run's environment
 * plus `env`. `npm test` builds first; run `npm run build:server` before running jest alone.
 */
export function spawnNode(
  entry: string,
  env: Record<string, string | undefined>,
  ready: RegExp | { healthUrl: string },
  timeoutMs = 30000,
): Promise<ManagedProcess> {
  const file = resolve(REPO_ROOT, entry);
  if (!existsSync(file)) throw new Error(`${entry} is not built: run \`npm run build:server\` first`);
  const proc = spawn(process.execPath, [file], {
    cwd: REPO_ROOT,
    env: { ...process.env, LOG_LEVEL: 'info', ...env } as NodeJS.ProcessEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const listeners = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) output.push(line);
    if (output.length > 5000) output.splice(0, output.length - 5000);
    listeners.forEach((l) => l());
  };
  proc.stdout!.on('data', onData);
  proc.stderr!.on('data', onData);
  const exited = new Promise<void>((resolveExit) => proc.once('exit', () => resolveExit()));

  const waitForOutput = (pattern: RegExp, ms = timeoutMs) =>
    new Promise<string>((resolveWait, reject) => {
      const check = () => {
        const line = output.find((l) => pattern.test(l));
        if (line) {
          cleanup();
          resolveWait(line);
        }
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`${entry}: no output matching ${pattern} within ${ms} ms. Last lines:\n${output.slice(-20).join('\n')}`));
      }, ms);
      const onExit = () => {
        cleanup();
        reject(new Error(`${entry} exited (code ${proc.exitCode}). Last lines:\n${output.slice(-30).join('\n')}`));
      };
      const cleanup = () => {
        clearTimeout(timer);
        listeners.delete(check);
        proc.off('exit', onExit);
      };
      listeners.add(check);
      proc.once('exit', onExit);
      check();
    });

  const managed: ManagedProcess = {
    proc,
    output,
    waitForOutput,
    async stop(signal: NodeJS.Signals = 'SIGTERM') {
      if (proc.exitCode !== null || proc.signalCode !== null) return;
      proc.kill(signal);
      const timer = setTimeout(() => proc.kill('SIGKILL'), 10000);
      await exited;
      clearTimeout(timer);
    },
  };
  if (ready instanceof RegExp) return waitForOutput(ready).then(() => managed);
  return waitForHealth(ready.healthUrl, proc, output, entry, timeoutMs).then(() => managed);
}

/** Polls a health endpoint until it answers 200 (no log line reading, no fixed sleep); fails fast if the process exits. */
async function waitForHealth(url: string, proc: ChildProcess, output: string[], entry: string, timeoutMs: number): Promise<void> {
  const started = Date.now();
  for (;;) {
    if (proc.exitCode !== null || proc.signalCode !== null) {
      throw new Error(`${entry} exited (code ${proc.exitCode}). Last lines:\n${output.slice(-30).join('\n')}`);
    }
    const ok = await fetch(url, { signal: AbortSignal.timeout(1000) }).then((r) => r.ok, () => false);
    if (ok) return;
    if (Date.now() - started > timeoutMs) {
      throw new Error(`${entry}: ${url} not healthy within ${timeoutMs} ms. Last lines:\n${output.slice(-20).join('\n')}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A worker, ready once its GET /health answers (on a free port of its own). */
export async function spawnWorker(env: Record<string, string | undefined> = {}): Promise<ManagedProcess> {
  const port = await freePort();
  return spawnNode('worker/dist/main.js', { WORKER_HEALTH_PORT: String(port), ...env }, { healthUrl: `http://127.0.0.1:${port}/health` });
}

/** An api process, ready once its GET /api/health answers. */
export function spawnApi(port: number, env: Record<string, string | undefined> = {}): Promise<ManagedProcess> {
  return spawnNode('api/dist/main.js', { PORT: String(port), HOST: '127.0.0.1', ...env }, { healthUrl: `http://127.0.0.1:${port}/api/health` });
}

/** A free TCP port on the loopback interface. */
export async function freePort(): Promise<number> {
  const net = await import('node:net');
  return new Promise((resolvePort, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolvePort(port));
    });
  });
}
