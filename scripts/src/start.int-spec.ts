import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from '@planejador/testing';
import { repoRoot } from './paths';

const START = join(repoRoot, 'scripts/dist/start.js');

interface Launcher {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** `node scripts/dist/start.js` against the test run's PostgreSQL and Redis (DATABASE_URL, REDIS_URL). */
function startLauncher(port: number): Launcher {
  if (!existsSync(START)) throw new Error('scripts/dist/start.js is not built: run `npm run build:server` first');
  let text = '';
  const child = spawn(process.execPath, [START], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', APP_URL: '', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => (text += chunk));
  child.stderr?.on('data', (chunk) => (text += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => text, exited };
}

async function waitFor(launcher: Launcher, pattern: RegExp, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!pattern.test(launcher.output())) {
    if (launcher.child.exitCode !== null) throw new Error(`launcher exited early:\n${launcher.output().slice(-3000)}`);
    if (Date.now() > deadline) throw new Error(`no ${pattern} within ${timeoutMs} ms:\n${launcher.output().slice(-3000)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
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
    launcher = startLauncher(port);
    await waitFor(launcher, /Planejador pronto/);
    expect(launcher.output()).toContain(`http://localhost:${port}`);
    expect(launcher.output()).toMatch(/\[migrate\]/);
    expect(launcher.output()).toMatch(/\[api\]/);
    // The worker starts beside the api; the banner waits for the api's health only, so its first line may follow.
    await waitFor(launcher, /\[worker\]/, 30_000);
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);

    const children = childPids(launcher.child.pid!);
    expect(children.map(commandOf).join('\n')).toMatch(/api\/dist\/main\.js[\s\S]*worker\/dist\/main\.js|worker\/dist\/main\.js[\s\S]*api\/dist\/main\.js/);

    launcher.child.kill('SIGINT');
    expect(await launcher.exited).toBe(0);
    expect(children.filter(alive)).toEqual([]);
    expect(launcher.output()).toContain('Tudo parado');
  }, 120_000);

  it('stops everything with a non-zero exit when the worker dies', async () => {
    const port = await freePort();
    launcher = startLauncher(port);
    await waitFor(launcher, /Planejador pronto/);
    const children = childPids(launcher.child.pid!);
    const worker = children.find((pid) => commandOf(pid).includes('worker/dist/main.js'));
    expect(worker).toBeDefined();

    process.kill(worker!, 'SIGKILL');
    expect(await launcher.exited).toBe(1);
    expect(launcher.output()).toContain('worker terminou inesperadamente');
    expect(children.filter(alive)).toEqual([]);
  }, 120_000);
});
