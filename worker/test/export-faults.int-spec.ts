import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import type { Plano } from '@planejador/contracts';
import { jobIds, QUEUES } from '@planejador/queue';
import {
  createPlan,
  freePort,
  restartablePort,
  spawnApi,
  spawnWorker,
  teacherWithTurma,
  TestClient,
  waitFor,
  waitForHealth,
  waitForJobState,
  type ManagedProcess,
} from '@planejador/testing';
import { findRedisServer, startRedis } from '../../scripts/src/redis-server';

/** A teacher with a finished plan of `lessons` lessons (generated offline by the worker). */
async function teacherWithPlan(url: string, lessons: number): Promise<{ client: TestClient; plan: Plano }> {
  const { client, turma } = await teacherWithTurma(url);
  const plan = await createPlan(client, turma.id, Array.from({ length: lessons }, (_, i) => `Frações, parte ${i + 1}`));
  return { client, plan };
}

/** The export queue of the processes under test (same Redis, same key prefix). */
function exportQueue(redisUrl: string): Queue {
  const { hostname, port } = new URL(redisUrl);
  return new Queue(QUEUES.export, { connection: { host: hostname, port: Number(port), maxRetriesPerRequest: null }, prefix: process.env.QUEUE_PREFIX });
}

function expectDocx(res: { status: number; body: Buffer; headers: Headers }) {
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('officedocument.wordprocessingml.document');
  expect(res.body.subarray(0, 2).toString()).toBe('PK');
}

describe('faults: an export survives Redis restarts and SIGTERM of the worker and of the api (issue 16)', () => {
  const binary = findRedisServer();
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'planejador-redis-export-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('an export caught by the restart answers cleanly (never hangs), and the next export works', async () => {
    if (!binary) throw new Error('redis-server not found on PATH');
    let redis = await startRedis(binary, dir, await restartablePort(), { exactPort: true });
    const port = await freePort();
    const env = { OPENAI_API_KEY: '', REDIS_URL: redis.url, EXPORT_TIMEOUT_MS: '8000', SWEEP_INTERVAL_MS: '1000' };
    const api = await spawnApi(port, env);
    const worker = await spawnWorker(env);
    try {
      const { client, plan } = await teacherWithPlan(`http://127.0.0.1:${port}`, 3);
      expect((await client.get(`/api/planos/${plan.id}/export`)).status).toBe(200);

      // An export in flight while Redis goes away (the api sees it gone) and comes back.
      const started = Date.now();
      const during = client.get(`/api/planos/${plan.id}/export`);
      await redis.server.stop(10000);
      await waitForHealth(api, 'down');
      redis = await startRedis(binary, dir, Number(new URL(redis.url).port), { exactPort: true });
      const answer = await during;
      expect([200, 503, 504]).toContain(answer.status);
      expect(Date.now() - started).toBeLessThan(20000);

      const after = await waitFor(
        async () => {
          const res = await client.get<Buffer>(`/api/planos/${plan.id}/export`);
          return res.status === 200 ? res : null;
        },
        { what: 'an export after the restart', timeoutMs: 30000 },
      );
      expectDocx(after);
    } finally {
      await worker.stop();
      await api.stop();
      await redis.server.stop(10000);
    }
  }, 120000);

  it('SIGTERM of the worker with an export job active: it finishes or hands the job back, exits in its grace period, and the export succeeds', async () => {
    if (!binary) throw new Error('redis-server not found on PATH');
    const redis = await startRedis(binary, dir, await restartablePort(), { exactPort: true });
    const queue = exportQueue(redis.url);
    const port = await freePort();
    const env = { OPENAI_API_KEY: '', REDIS_URL: redis.url, EXPORT_TIMEOUT_MS: '30000', SWEEP_INTERVAL_MS: '1000' };
    const api = await spawnApi(port, env);
    let worker = await spawnWorker(env);
    try {
      const { client, plan } = await teacherWithPlan(`http://127.0.0.1:${port}`, 15);
      const jobId = jobIds.exportPlan(plan.id, plan.updatedAt);
      const during = client.get<Buffer>(`/api/planos/${plan.id}/export`);
      // A worker has taken the job: SIGTERM comes while it renders the file.
      await waitForJobState(queue, jobId, ['active'], { intervalMs: 5 });
      const stopping = Date.now();
      await worker.stop('SIGTERM');
      expect(Date.now() - stopping).toBeLessThan(10000);
      // Nest closes the app on SIGTERM and then re-raises the signal: a graceful exit ends by SIGTERM (or 0).
      expect(worker.proc.exitCode === 0 || worker.proc.signalCode === 'SIGTERM').toBe(true);
      // Finished before exiting, or handed back for a new worker: either way the teacher gets the file.
      worker = await spawnWorker(env);
      expectDocx(await during);
      expect(await queue.getJobState(jobId)).not.toBe('failed');
      expectDocx(await client.get<Buffer>(`/api/planos/${plan.id}/export`));
    } finally {
      await queue.close();
      await worker.stop();
      await api.stop();
      await redis.server.stop(10000);
    }
  }, 120000);

  it('SIGTERM of the api with an export request in flight: it answers that request, exits in its grace period, and a new api serves the export', async () => {
    const queue = exportQueue(process.env.REDIS_URL!);
    const port = await freePort();
    const env = { OPENAI_API_KEY: '', EXPORT_TIMEOUT_MS: '30000' };
    let api: ManagedProcess = await spawnApi(port, env);
    const worker = await spawnWorker(env);
    try {
      const { client, plan } = await teacherWithPlan(`http://127.0.0.1:${port}`, 5);
      // The export queue paused for a moment: the request is surely still waiting for its job when SIGTERM comes.
      await queue.pause();
      const jobId = jobIds.exportPlan(plan.id, plan.updatedAt);
      const during = client.get<Buffer>(`/api/planos/${plan.id}/export`);
      await waitForJobState(queue, jobId, ['waiting']);

      const stopping = Date.now();
      const stopped = api.stop('SIGTERM');
      // Shutting down, the api takes no new requests (its health no longer answers) but keeps the one in flight.
      await waitForHealth(api, 'down', { timeoutMs: 5000 });
      expect(api.proc.exitCode).toBeNull();
      await queue.resume();
      const answer = await during;
      await stopped;
      expect(Date.now() - stopping).toBeLessThan(10000);
      expect(api.proc.exitCode === 0 || api.proc.signalCode === 'SIGTERM').toBe(true);
      expectDocx(answer);

      api = await spawnApi(port, env);
      expectDocx(await client.get<Buffer>(`/api/planos/${plan.id}/export`));
    } finally {
      await queue.resume().catch(() => undefined);
      await queue.close();
      await worker.stop();
      await api.stop();
    }
  }, 120000);
});
