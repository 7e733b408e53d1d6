import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import {
  freePort,
  generateRequest,
  isHealthy,
  requestPlan,
  startFakeAi,
  teacherWithTurma,
  waitFor,
  waitForPlan,
  type FakeAi,
} from '@planejador/testing';
import { repoRoot } from './paths';

const START = join(repoRoot, 'scripts/dist/start.js');

/** What this file reads of the api's answers. */
interface Plano {
  generation: { state: string; done: number; total: number };
  aulas: { id: string; versao: number }[];
}
interface AulaVersao {
  versao: number;
  origem: string;
}

interface Launcher {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
  /** The api's and the worker's health endpoints (the worker's on a port of its own, through WORKER_HEALTH_PORT). */
  apiHealth: string;
  workerHealth: string;
}

/** `node scripts/dist/start.js` against the test run's PostgreSQL and Redis (DATABASE_URL, REDIS_URL). */
async function startLauncher(port: number, extraEnv: Record<string, string> = {}): Promise<Launcher> {
  if (!existsSync(START)) throw new Error('scripts/dist/start.js is not built: run `npm run build:server` first');
  // Two free ports in a row may be the same one (the kernel hands a just-closed port out again): the worker's health
  // endpoint must not take the api's.
  let workerPort = await freePort();
  while (workerPort === port) workerPort = await freePort();
  let text = '';
  const child = spawn(process.execPath, [START], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', APP_URL: '', LOG_LEVEL: 'info', WORKER_HEALTH_PORT: String(workerPort), ...extraEnv },
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

  it('a worker killed (-9) mid-plan is restarted while the api keeps answering; the plan ends done, each lesson written once, one credit taken', async () => {
    // Each lesson's AI answer takes 1.5 s, two at a time: a 4-lesson plan is mid-way for about 3 s.
    const ai: FakeAi = await startFakeAi({ latencyMs: 1500 });
    try {
      const port = await freePort();
      const started = (launcher = await startLauncher(port, {
        OPENAI_API_KEY: 'test-key',
        OPENAI_BASE_URL: ai.url,
        LESSON_CONCURRENCY: '2',
        // A killed worker's job is taken again once its lock lapses: 2 s instead of 30.
        JOB_LOCK_MS: '2000',
        SWEEP_INTERVAL_MS: '1000',
      }));
      await waitForHealthy(started, started.apiHealth);
      await waitForHealthy(started, started.workerHealth, 30_000);
      const url = `http://127.0.0.1:${port}`;
      const { client, turma } = await teacherWithTurma(url, { ano: '5' });
      const lessons = ['Relançar: frações', 'Relançar: medidas', 'Relançar: decimais', 'Relançar: tabuada'];
      const id = await requestPlan(client, generateRequest(turma.id, lessons));

      // Mid-plan: a lesson written, the others still to come.
      await waitFor(
        async () => {
          const { generation } = (await client.get<Plano>(`/api/planos/${id}`)).body;
          return generation.done >= 1 && generation.done < lessons.length;
        },
        { timeoutMs: 60_000, intervalMs: 50, what: 'the plan to be mid-way' },
      );
      const workerPid = childPids(started.child.pid!).find((pid) => commandOf(pid).includes('worker/dist/main.js'))!;
      expect(workerPid).toBeDefined();
      process.kill(workerPid, 'SIGKILL');

      // The api goes on answering while the worker is down and coming back.
      for (let i = 0; i < 5; i++) {
        expect((await client.get<Plano>(`/api/planos/${id}`)).status).toBe(200);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await waitFor(() => /worker terminou inesperadamente \(sinal SIGKILL\); reiniciando em 1 s/.test(started.output()), { timeoutMs: 10_000, what: 'the restart notice' });
      await waitFor(
        async () => childPids(started.child.pid!).some((pid) => pid !== workerPid && commandOf(pid).includes('worker/dist/main.js')),
        { timeoutMs: 20_000, what: 'a new worker process' },
      );
      await waitForHealthy(started, started.workerHealth, 60_000);

      const plan = await waitForPlan(client, id, { timeoutMs: 90_000 });
      expect(plan.generation).toMatchObject({ state: 'done', done: lessons.length, total: lessons.length });
      // Each lesson written once: version 1, one version kept.
      expect(plan.aulas.map((a) => a.versao)).toEqual([1, 1, 1, 1]);
      for (const aula of plan.aulas) {
        const versions = (await client.get<AulaVersao[]>(`/api/planos/${id}/aulas/${aula.id}/versoes`)).body;
        expect(versions.map((v) => [v.versao, v.origem])).toEqual([[1, 'geracao']]);
      }
      // One credit taken (of the 35 a new teacher has), none given back.
      expect((await client.get<{ credits: number }>('/api/auth/user')).body.credits).toBe(34);
      const db = new Client({ connectionString: process.env.DATABASE_URL });
      await db.connect();
      try {
        const { rows } = await db.query<{ n: number }>(`select count(*)::int as n from aula_versoes v join aulas a on a.id = v.aula_id where a.plano_id = $1`, [id]);
        expect(rows[0].n).toBe(lessons.length);
      } finally {
        await db.end();
      }
      // The api never went down, and the launcher still runs.
      expect(launcher.child.exitCode).toBeNull();
      expect(started.output()).not.toContain('parando tudo');
    } finally {
      await ai.close();
    }
  }, 180_000);
});
