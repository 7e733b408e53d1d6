import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { freePort, isHealthy, waitFor } from '@planejador/testing';
import { repoRoot } from './paths';

const START = join(repoRoot, 'scripts/dist/start.js');

interface Launcher {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
  /** The api's and the worker's health endpoints (the worker's on a port of its own, through WORKER_HEALTH_PORT). */
  apiHealth: string;
  workerHealth: string;
}

/** `node scripts/dist/start.js` against the test run's PostgreSQL and Redis (DATABASE_URL, REDIS_URL). */
async function startLauncher(port: number): Promise<Launcher> {
  if (!existsSync(START)) throw new Error('scripts/dist/start.js is not built: run `npm run build:server` first');
  const workerPort = await freePort();
  let text = '';
  const child = spawn(process.execPath, [START], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', APP_URL: '', LOG_LEVEL: 'info', WORKER_HEALTH_PORT: String(workerPort) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => (text += chunk));
  child.stderr?.on('data', (chunk) => (text += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    output: () => text,
    exited,
    apiHealth: `http://127.0.0.1:${port}/api/health`,
    workerHealth: `http://127.0.0.1:${workerPort}/health`,
  };
}

/** Polls a health endpoint of the launcher's api or worker until it answers 200; fails at once if the launcher ends. */
async function waitForHealthy(launcher: Launcher, url: string, timeoutMs = 90_000): Promise<void> {
  try {
    await waitFor(
      async () => {
        if (launcher.child.exitCode !== null) throw new Error(`launcher exited early:\n${launcher.output().slice(-3000)}`);
        return isHealthy(url);
      },
      { timeoutMs, intervalMs: 200, what: `${url} to answer 200` },
    );
  } catch (err) {
    throw new Error(`${(err as Error).message}\n${launcher.output().slice(-3000)}`);
  }
}

function childPids(pid: number): number[] {
  try {
    return execFileSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' }).split('\n').filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

function commandOf(pid: number): string {
  try {
    return execFileSync('ps', ['-o', 'args=', '-p', String(pid)], { encoding: 'utf8' }).trim();
  } catch {
    return '';
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('npm start (launcher) with DATABASE_URL and REDIS_URL given', () => {
  let launcher: Launcher | undefined;
  afterEach(async () => {
    // After a failed assertion: let the launcher stop its children (they run in their own process groups
    // and would outlive a SIGKILLed launcher), and kill what is left only then.
    if (!launcher || launcher.child.exitCode !== null) return;
    const children = childPids(launcher.child.pid!);
    launcher.child.kill('SIGTERM');
    const timer = setTimeout(() => launcher?.child.kill('SIGKILL'), 30_000);
    await launcher.exited;
    clearTimeout(timer);
    for (const pid of children.filter(alive)) process.kill(pid, 'SIGKILL');
  }, 40_000);

  it('migrates, starts api and worker, prints the address once healthy, and stops them all on Ctrl-C', async () => {
    const port = await freePort();
    const started = (launcher = await startLauncher(port));
    await waitForHealthy(started, started.apiHealth);
    await waitForHealthy(started, started.workerHealth, 30_000);
    // Once the api is healthy the launcher prints the address (its own health check may answer a moment after ours).
    await waitFor(() => /Planejador pronto/.test(started.output()), { timeoutMs: 10_000, what: 'the ready banner' });
    expect(launcher.output()).toContain(`http://localhost:${port}`);
    expect(launcher.output()).toMatch(/\[migrate\]/);
    expect(launcher.output()).toMatch(/\[api\]/);
    // The worker's lines come through with its name too (its first one may follow its health by a moment).
    await waitFor(() => /\[worker\]/.test(started.output()), { timeoutMs: 10_000, what: "the worker's lines" });

    const children = childPids(launcher.child.pid!);
    expect(children.map(commandOf).join('\n')).toMatch(/api\/dist\/main\.js[\s\S]*worker\/dist\/main\.js|worker\/dist\/main\.js[\s\S]*api\/dist\/main\.js/);

    launcher.child.kill('SIGINT');
    expect(await launcher.exited).toBe(0);
    expect(children.filter(alive)).toEqual([]);
    expect(launcher.output()).toContain('Tudo parado');
  }, 120_000);

  it('stops everything with a non-zero exit when the worker dies', async () => {
    const port = await freePort();
    const started = (launcher = await startLauncher(port));
    await waitForHealthy(started, started.apiHealth);
    await waitForHealthy(started, started.workerHealth, 30_000);
    const children = childPids(launcher.child.pid!);
    const worker = children.find((pid) => commandOf(pid).includes('worker/dist/main.js'));
    expect(worker).toBeDefined();

    process.kill(worker!, 'SIGKILL');
    expect(await launcher.exited).toBe(1);
    expect(launcher.output()).toContain('worker terminou inesperadamente');
    expect(children.filter(alive)).toEqual([]);
  }, 120_000);
});
