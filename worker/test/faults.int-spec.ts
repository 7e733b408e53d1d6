import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { MSG, type Plano, type PublicUser, type RegenerateAulaResponse } from '@planejador/contracts';
import { ensureDatabase, migrate } from '@planejador/db';
import { importCurriculum } from '@planejador/curriculum';
import { loadSettings } from '@planejador/config';
import { jobOptions, jobIds, QUEUES } from '@planejador/queue';
import {
  freePort,
  restartablePort,
  generateRequest,
  REPO_ROOT,
  spawnNode,
  spawnApi,
  spawnWorker,
  startFakeAi,
  teacherWithTurma,
  TestClient,
  waitFor,
  waitForHealth,
  waitForJobState,
  type FakeAi,
  type ManagedProcess,
  openTestClient,
  testCurriculumDir,
  testPgClient,
} from '@planejador/testing';
import { embeddedUrl } from '../../scripts/src/embedded-postgres';
import { findRedisServer, startRedis } from '../../scripts/src/redis-server';

const prompts = (n: number, tag = 'Aula') => Array.from({ length: n }, (_, i) => `${tag} ${i + 1}: frações e medidas`);

/** A teacher signed in on the api at `url`, with a 5º ano class. */
async function teacher(url: string) {
  const { client, turma } = await teacherWithTurma(url);
  return { client, turmaId: turma.id };
}

/** POST /api/planos/generate as it answers (202, or 503 during an outage). */
function generate(client: TestClient, turmaId: string, aulas: string[]) {
  return client.post<{ id: string; message?: string }>('/api/planos/generate', generateRequest(turmaId, aulas));
}

async function planState(client: TestClient, id: string) {
  const res = await client.get<Plano>(`/api/planos/${id}`);
  return res.status === 200 ? res.body : null;
}

/** A plan generated to the end (its generation done), as the api shows it. */
async function finishedPlan(client: TestClient, turmaId: string, aulas: string[]) {
  const res = await generate(client, turmaId, aulas);
  return waitFor(async () => {
    const p = await planState(client, res.body.id);
    return p?.generation.state === 'done' ? p : null;
  }, { what: 'plan done' });
}

/** A plan once its generation has ended (done or failed), read again and again through an outage. */
function settledPlan(client: TestClient, id: string) {
  return waitFor(async () => {
    const p = await planState(client, id).catch(() => null);
    return p && (p.generation.state === 'done' || p.generation.state === 'failed') ? p : null;
  }, { what: `plan ${id} finished after the outage`, timeoutMs: 90000 });
}

/** A lesson once its regeneration has ended (neither queued nor running), read again and again through an outage. */
function settledLesson(client: TestClient, planId: string, aulaId: string) {
  return waitFor(async () => {
    const p = await planState(client, planId).catch(() => null);
    const a = p?.aulas.find((x) => x.id === aulaId);
    return a && a.generation.state !== 'queued' && a.generation.state !== 'running' ? a : null;
  }, { what: `regeneration of lesson ${aulaId} ended after the outage`, timeoutMs: 90000 });
}

/** The generation queue of this test file (the run's Redis and prefix), as the worker sees it. */
function generationQueue(redisUrl = process.env.REDIS_URL!) {
  const { hostname, port } = new URL(redisUrl);
  return new Queue(QUEUES.generation, { connection: { host: hostname, port: Number(port), maxRetriesPerRequest: null }, prefix: process.env.QUEUE_PREFIX });
}

// JOB_LOCK_MS 2 s: a killed worker's job is taken over within seconds (about the lock plus one stalled check), not the
// production half minute; shorter would let a live worker, busy for a moment on a loaded machine, lose its own.
// OPENAI_TIMEOUT_MS 30 s, far above the fake AI's latency: on a machine loaded enough to starve a worker past a
// shorter time-out, the call is retried and answered twice, which these tests would count as a lesson written again.
const aiEnv = (ai: FakeAi) => ({ OPENAI_API_KEY: 'k', OPENAI_BASE_URL: ai.url, OPENAI_TIMEOUT_MS: '30000', JOB_LOCK_MS: '2000', SWEEP_INTERVAL_MS: '1000' });

// Each test starts, kills and restarts processes of its own: 5 minutes each, as a loaded 2-core CI took past 2 (a test that
// really hangs still fails; the assertions, not the clock, say what is lost).
describe('faults: crashes and restarts lose no plan, no lesson, no credit', () => {
  let ai: FakeAi;
  beforeAll(async () => {
    ai = await startFakeAi({ latencyMs: 600 });
  });
  afterAll(() => ai?.close());

  it('kill -9 of a worker in the middle of a 15-lesson plan: another worker finishes it, each lesson stored once, one credit', async () => {
    const port = await freePort();
    const env = { ...aiEnv(ai), LESSON_CONCURRENCY: '3' };
    const api = await spawnApi(port, env);
    const first = await spawnWorker(env);
    let second: ManagedProcess | undefined;
    try {
      const { client, turmaId } = await teacher(`http://127.0.0.1:${port}`);
      const res = await generate(client, turmaId, prompts(15));
      expect(res.status).toBe(202);
      const before = await waitFor(async () => {
        const p = await planState(client, res.body.id);
        return p && p.generation.done >= 4 ? p : null;
      }, { what: '4 lessons done' });
      await first.stop('SIGKILL');
      // The crash came mid-plan; the lessons left are written by the second worker without the 600 ms each.
      ai.setLatency(100);
      const doneBefore = before.aulas.filter((a) => a.generation.state === 'done');
      second = await spawnWorker(env);
      const after = await waitFor(async () => {
        const p = await planState(client, res.body.id);
        return p && p.generation.state === 'done' ? p : null;
      }, { what: 'plan done after the crash', timeoutMs: 60000 });
      expect(after.aulas).toHaveLength(15);
      expect(after.aulas.every((a) => a.generation.state === 'done' && a.habilidadeCodes.length === 1)).toBe(true);
      // Lessons finished before the crash were not written again: one AI answer each, still their first version.
      for (const done of doneBefore) {
        const now = after.aulas.find((a) => a.id === done.id)!;
        expect(now.updatedAt).toBe(done.updatedAt);
        expect(now.objetivos).toBe(done.objetivos);
        expect(now.versao).toBe(1);
        const answers = ai.calls.filter((c) => c.outcome === 'answer' && c.text.includes(`"""\n${done.prompt}\n"""`));
        expect({ lesson: done.numeroAula, answers: answers.length }).toEqual({ lesson: done.numeroAula, answers: 1 });
      }
      expect((await client.get<PublicUser>('/api/auth/user')).body.credits).toBe(34);
    } finally {
      ai.setLatency(600);
      await second?.stop();
      await first.stop('SIGKILL');
      await api.stop();
    }
  }, 300000);

  it('the api stops while a job runs: the job finishes and the api shows it when it is back', async () => {
    const port = await freePort();
    const env = aiEnv(ai);
    let api = await spawnApi(port, env);
    const worker = await spawnWorker(env);
    try {
      const { client, turmaId } = await teacher(`http://127.0.0.1:${port}`);
      const res = await generate(client, turmaId, prompts(4));
      await api.stop('SIGKILL');
      // The worker finishes the job while no api runs.
      const queue = generationQueue();
      try {
        await waitForJobState(queue, jobIds.generatePlan(res.body.id), ['completed']);
      } finally {
        await queue.close();
      }
      api = await spawnApi(port, env);
      const plan = await waitFor(async () => {
        const p = await planState(client, res.body.id);
        return p && p.generation.state === 'done' ? p : null;
      }, { what: 'plan done', timeoutMs: 30000 });
      expect(plan.generation.done).toBe(4);
    } finally {
      await worker.stop();
      await api.stop();
    }
  }, 300000);

  it('SIGTERM of the worker and of the api mid-generation: both exit within their grace period, nothing lost or written twice', async () => {
    const port = await freePort();
    const env = { ...aiEnv(ai), LESSON_CONCURRENCY: '2' };
    let api = await spawnApi(port, env);
    let worker = await spawnWorker(env);
    ai.setLatency(400);
    try {
      const { client, turmaId } = await teacher(`http://127.0.0.1:${port}`);
      const lessons = prompts(6, 'Sinal');
      const res = await generate(client, turmaId, lessons);
      expect(res.status).toBe(202);
      await waitFor(async () => ((await planState(client, res.body.id))?.generation.done ?? 0) >= 1, { what: 'generation under way' });

      let stopping = Date.now();
      // Killed only past the grace period this test allows (a loaded machine takes longer to finish the job in flight).
      await worker.stop('SIGTERM', 15000);
      expect(Date.now() - stopping).toBeLessThan(15000);
      expect(worker.proc.exitCode === 0 || worker.proc.signalCode === 'SIGTERM').toBe(true);
      stopping = Date.now();
      await api.stop('SIGTERM');
      expect(Date.now() - stopping).toBeLessThan(10000);
      expect(api.proc.exitCode === 0 || api.proc.signalCode === 'SIGTERM').toBe(true);

      api = await spawnApi(port, env);
      worker = await spawnWorker(env);
      const plan = await waitFor(async () => {
        const p = await planState(client, res.body.id);
        return p && p.generation.state === 'done' ? p : null;
      }, { what: 'plan done after the restarts', timeoutMs: 60000 });
      expect(plan.generation).toMatchObject({ done: 6, total: 6 });
      expect(plan.aulas.every((a) => a.versao === 1)).toBe(true);
      for (const prompt of lessons) {
        const answers = ai.calls.filter((c) => c.outcome === 'answer' && c.text.includes(`"""\n${prompt}\n"""`));
        expect({ prompt, answers: answers.length }).toEqual({ prompt, answers: 1 });
      }
      expect((await client.get<PublicUser>('/api/auth/user')).body.credits).toBe(34);
    } finally {
      ai.setLatency(600);
      await worker.stop();
      await api.stop();
    }
  }, 300000);

  describe('with a Redis of its own (append-only file)', () => {
    const binary = findRedisServer();
    let dir: string;
    beforeEach(() => {
      dir = mkdtempSync(join(tmpdir(), 'planejador-redis-'));
    });
    afterEach(() => rmSync(dir, { recursive: true, force: true }));

    it('Redis restarts during generation: the plan still completes', async () => {
      if (!binary) throw new Error('redis-server not found on PATH');
      let redis = await startRedis(binary, dir, await restartablePort(), { exactPort: true });
      const port = await freePort();
      const env = { ...aiEnv(ai), REDIS_URL: redis.url, LESSON_CONCURRENCY: '2' };
      const api = await spawnApi(port, env);
      const worker = await spawnWorker(env);
      try {
        const { client, turmaId } = await teacher(`http://127.0.0.1:${port}`);
        const res = await generate(client, turmaId, prompts(6));
        await waitFor(async () => ((await planState(client, res.body.id))?.generation.done ?? 0) >= 1, { what: 'first lesson' });
        await redis.server.stop(10000);
        // Down long enough for the worker to see it gone.
        await waitForHealth(worker, 'down');
        const redisPort = new URL(redis.url).port;
        redis = await startRedis(binary, dir, Number(redisPort), { exactPort: true });
        const plan = await waitFor(async () => {
          const p = await planState(client, res.body.id);
          return p && (p.generation.state === 'done' || p.generation.state === 'failed') ? p : null;
        }, { what: 'plan finished after the Redis restart', timeoutMs: 90000 });
        expect(plan.generation).toMatchObject({ state: 'done', done: 6, total: 6 });
        expect((await client.get<PublicUser>('/api/auth/user')).body.credits).toBe(34);
      } finally {
        await worker.stop();
        await api.stop();
        await redis.server.stop(10000);
      }
    }, 300000);

    it('Redis is down when a plan is created: the plan and its credit are kept and it is queued when Redis returns', async () => {
      if (!binary) throw new Error('redis-server not found on PATH');
      let redis = await startRedis(binary, dir, await restartablePort(), { exactPort: true });
      const redisPort = Number(new URL(redis.url).port);
      const port = await freePort();
      const env = { ...aiEnv(ai), REDIS_URL: redis.url };
      const api = await spawnApi(port, env);
      const worker = await spawnWorker(env);
      try {
        const { client, turmaId } = await teacher(`http://127.0.0.1:${port}`);
        await redis.server.stop(10000);
        const started = Date.now();
        const res = await generate(client, turmaId, prompts(2));
        expect(res.status).toBe(202);
        expect(Date.now() - started).toBeLessThan(8000);
        const stored = await planState(client, res.body.id);
        expect(stored?.generation.state).toBe('queued');
        expect((await client.get<PublicUser>('/api/auth/user')).body.credits).toBe(34);
        redis = await startRedis(binary, dir, redisPort, { exactPort: true });
        const plan = await waitFor(async () => {
          const p = await planState(client, res.body.id);
          return p && p.generation.state === 'done' ? p : null;
        }, { what: 'plan done after Redis returned', timeoutMs: 60000 });
        expect(plan.generation.done).toBe(2);
        expect((await client.get<PublicUser>('/api/auth/user')).body.credits).toBe(34);
      } finally {
        await worker.stop();
        await api.stop();
        await redis.server.stop(10000);
      }
    }, 300000);
  });

  describe('on a PostgreSQL of its own (set up once: migrated, with the curriculum)', () => {
    let base: string;
    let pg: EmbeddedPostgres;
    beforeAll(async () => {
      base = mkdtempSync(join(tmpdir(), 'planejador-pg-'));
      chmodSync(base, 0o755);
      pg = await startEmbeddedPostgres(base, await restartablePort());
      await ensureDatabase(pg.url);
      await migrate(pg.url);
      await importCurriculum(pg.url, testCurriculumDir());
    });
    // A test that failed during its outage left PostgreSQL down: the next one starts it again.
    beforeEach(async () => {
      if (pg.proc.proc.exitCode !== null || pg.proc.proc.signalCode !== null) pg = await startEmbeddedPostgres(base, pg.port);
    });
    afterAll(async () => {
      await pg?.proc.stop();
      if (base) rmSync(base, { recursive: true, force: true });
    });

    it('PostgreSQL restarts while plans are generating and being saved: 503 during the outage, nothing half-written, no lost edit', async () => {
      const { port, api, worker } = await apiAndWorker(pg.url, { ...aiEnv(ai), LESSON_CONCURRENCY: '2' });
      const databaseUrl = pg.url;
      try {
        const { client, turmaId } = await teacher(`http://127.0.0.1:${port}`);
        // A finished plan with an edit saved before the outage.
        ai.setLatency(50);
        const done = await finishedPlan(client, turmaId, prompts(2, 'Salvo'));
        const edited = done.aulas.map((a) => ({ ...a, objetivos: `Editado antes da queda ${a.numeroAula}` }));
        expect((await client.put(`/api/planos/${done.id}`, { status: 'salvo', aulas: edited })).status).toBe(200);

        ai.setLatency(700);
        const running = await generate(client, turmaId, prompts(6, 'Durante'));
        await waitFor(async () => ((await planState(client, running.body.id))?.generation.done ?? 0) >= 1, { what: 'generation under way' });
        // And a lesson's regeneration in flight when PostgreSQL goes away.
        const regenerated = done.aulas[0];
        expect((await client.post(`/api/planos/${done.id}/aulas/${regenerated.id}/regenerar`, { instrucao: 'durante a queda' })).status).toBe(202);
        await waitFor(async () => ai.calls.some((c) => c.text.includes('durante a queda')), { what: 'regeneration under way' });

        await pg.proc.stop();
        // The lessons still to start wait for PostgreSQL, then are written without the 700 ms each.
        ai.setLatency(50);
        const during = await client.get<{ message: string }>('/api/planos');
        expect(during.status).toBe(503);
        expect(during.body.message).toBe(MSG.serviceUnavailable);
        const lostGenerate = await generate(client, turmaId, prompts(1, 'Perdido'));
        expect(lostGenerate.status).toBe(503);
        const lostEdit = await client.put<{ message: string }>(`/api/planos/${done.id}`, { status: 'salvo', aulas: done.aulas });
        expect(lostEdit.status).toBe(503);

        // Down long enough for the worker to see it gone.
        await waitForHealth(worker, 'down');
        pg = await startEmbeddedPostgres(base, pg.port);
        expect(pg.url).toBe(databaseUrl);

        const finished = await settledPlan(client, running.body.id);
        expect(finished.aulas.filter((a) => a.generation.state !== 'done').map((a) => `${a.numeroAula}: ${a.generation.error}`)).toEqual([]);
        expect(finished.generation).toMatchObject({ state: 'done', done: 6, total: 6 });
        // The regeneration ended (never stuck), and the outage did not fail it: the new text is version 3
        // (generation, edit, regeneration).
        const lesson = await settledLesson(client, done.id, regenerated.id);
        expect({ state: lesson.generation.state, versao: lesson.versao, error: lesson.generation.error }).toEqual({ state: 'done', versao: 3, error: null });
        const versions = await client.get<{ versao: number }[]>(`/api/planos/${done.id}/aulas/${regenerated.id}/versoes`);
        expect(versions.body.map((v) => v.versao)).toEqual(Array.from({ length: lesson.versao }, (_, i) => lesson.versao - i));
        const after = await planState(client, done.id);
        expect(after?.aulas[1].objetivos).toBe('Editado antes da queda 2');
        const list = await client.get<{ temaPrincipal: string; aulas: unknown[] }[]>('/api/planos');
        expect(list.body).toHaveLength(2); // the request refused during the outage left nothing behind
        expect((await client.get<PublicUser>('/api/auth/user')).body.credits).toBe(33);
        const db = await openTestClient(databaseUrl);
        const { rows } = await db.query(`select count(*)::int as n from planos_aula p where not exists (select 1 from aulas a where a.plano_id = p.id)`);
        await db.end();
        expect(rows[0].n).toBe(0);
      } finally {
        ai.setLatency(600);
        await worker.stop();
        await api.stop();
      }
    }, 300000);

    it('PostgreSQL stays down longer than every retry of the jobs: no lesson, plan or regeneration fails, and they resume where they were', async () => {
      // A lesson's database step waits 300 ms for PostgreSQL, then its job steps aside (delayed 20 ms, doubling: six
      // runs during the outage take seconds, and the job set aside last resumes well under a second after PostgreSQL
      // is back, where 200 ms doubling waited 6.4 s); the outage lasts until both jobs have been started more often
      // than the queue lets a job fail.
      const { port, api, worker } = await apiAndWorker(pg.url, {
        ...aiEnv(ai),
        LESSON_CONCURRENCY: '2',
        OUTAGE_WAIT_MS: '300',
        GENERATION_RETRY_BASE_MS: '20',
      });
      const queue = generationQueue();
      try {
        const { client, turmaId } = await teacher(`http://127.0.0.1:${port}`);
        ai.setLatency(50);
        const ready = await finishedPlan(client, turmaId, prompts(2, 'Pronto'));

        // Slow enough that the regeneration's answer comes after PostgreSQL is gone.
        ai.setLatency(1500);
        const running = await generate(client, turmaId, prompts(6, 'Longa'));
        const before = await waitFor(async () => {
          const p = await planState(client, running.body.id);
          return p && p.generation.done >= 1 ? p : null;
        }, { what: 'generation under way' });
        const regenerated = ready.aulas[0];
        const regeneration = await client.post<RegenerateAulaResponse>(`/api/planos/${ready.id}/aulas/${regenerated.id}/regenerar`, { instrucao: 'durante a longa queda' });
        expect(regeneration.status).toBe(202);
        await waitFor(async () => ai.calls.some((c) => c.text.includes('durante a longa queda')), { what: 'regeneration under way' });

        await pg.proc.stop();
        // What is left to write after the outage is written without the 1.5 s each.
        ai.setLatency(50);
        const allowed = jobOptions(loadSettings())[QUEUES.generation].attempts!;
        const outcome = await waitFor(async () => {
          const jobs = await Promise.all([queue.getJob(jobIds.generatePlan(running.body.id)), queue.getJob(regeneration.body.jobId)]);
          if (jobs.some((j) => !j)) return null;
          const states = await Promise.all(jobs.map((j) => j!.getState()));
          if (states.some((s) => s === 'failed' || s === 'completed')) return `a job ended during the outage: ${states.join(', ')}`;
          return jobs.every((j) => j!.attemptsStarted > allowed) ? 'outlasted' : null;
        }, { what: 'both jobs started more often than their attempts while PostgreSQL is down', timeoutMs: 90000 });
        expect(outcome).toBe('outlasted');
        pg = await startEmbeddedPostgres(base, pg.port);

        const finished = await settledPlan(client, running.body.id);
        expect(finished.aulas.filter((a) => a.generation.state !== 'done').map((a) => `${a.numeroAula}: ${a.generation.error}`)).toEqual([]);
        expect(finished.generation).toMatchObject({ state: 'done', done: 6, total: 6 });
        // Lessons stored before the outage were not written again, nor asked of the AI again.
        for (const stored of before.aulas.filter((a) => a.generation.state === 'done')) {
          const now = finished.aulas.find((a) => a.id === stored.id)!;
          expect({ lesson: now.numeroAula, versao: now.versao, updatedAt: now.updatedAt }).toEqual({ lesson: stored.numeroAula, versao: 1, updatedAt: stored.updatedAt });
          const answers = ai.calls.filter((c) => c.outcome === 'answer' && c.text.includes(`"""\n${stored.prompt}\n"""`));
          expect({ lesson: stored.numeroAula, answers: answers.length }).toEqual({ lesson: stored.numeroAula, answers: 1 });
        }
        expect(finished.aulas.every((a) => a.versao === 1)).toBe(true);

        const lesson = await settledLesson(client, ready.id, regenerated.id);
        expect({ state: lesson.generation.state, versao: lesson.versao, error: lesson.generation.error }).toEqual({ state: 'done', versao: 2, error: null });
        const versions = await client.get<{ versao: number; instrucao: string | null }[]>(`/api/planos/${ready.id}/aulas/${regenerated.id}/versoes`);
        expect(versions.body.map((v) => [v.versao, v.instrucao])).toEqual([[2, 'durante a longa queda'], [1, null]]);
        // Two plans (the regeneration is one of the lesson's free ones), no refund.
        expect((await client.get<PublicUser>('/api/auth/user')).body.credits).toBe(33);
      } finally {
        ai.setLatency(600);
        await queue.close();
        await worker.stop();
        await api.stop();
      }
    }, 300000);
  });
});


/** An api and a worker on the test's own PostgreSQL. */
async function apiAndWorker(databaseUrl: string, env: Record<string, string>) {
  const port = await freePort();
  const api = await spawnApi(port, { ...env, DATABASE_URL: databaseUrl });
  const worker = await spawnWorker({ ...env, DATABASE_URL: databaseUrl });
  return { port, api, worker };
}

type EmbeddedPostgres = Awaited<ReturnType<typeof startEmbeddedPostgres>>;

/**
 * An embedded PostgreSQL of the test's own (the launcher's code: initdb once, then the server on a port), ready
 * once a connection to it succeeds. embedded-postgres is ESM-only and jest runs CommonJS, so a child node process
 * drives the built module.
 */
async function startEmbeddedPostgres(base: string, port: number) {
  const paths = { dir: join(base, 'data'), passwordFile: join(base, 'password'), logFile: join(base, 'postgres.log') };
  const script = join(base, 'pg-child.js');
  writeFileSync(
    script,
    `const pg = require(${JSON.stringify(join(REPO_ROOT, 'scripts/dist/embedded-postgres.js'))});
    const paths = ${JSON.stringify(paths)};
    (async () => {
      await pg.initialiseCluster(paths);
      const { server } = await pg.startCluster(paths, ${port}, { exactPort: true });
      const stop = async () => { await server.stop(15000); process.exit(0); };
      process.on('SIGTERM', stop);
      process.on('SIGINT', stop);
    })().catch((err) => { console.error(err); process.exit(1); });`,
  );
  const connects = async () => {
    if (!existsSync(paths.passwordFile)) return false;
    // The server's own database: the application's is created by the test.
    const client = testPgClient(embeddedUrl(paths, port, 'postgres'), { connectionTimeoutMillis: 1000 });
    client.on('error', () => undefined);
    try {
      await client.connect();
      return true;
    } catch {
      return false;
    } finally {
      await client.end().catch(() => undefined);
    }
  };
  const proc = await spawnNode(script, {}, { probe: connects, what: `a connection to PostgreSQL on port ${port}` }, 90000);
  return { proc, url: embeddedUrl(paths, port), port };
}
