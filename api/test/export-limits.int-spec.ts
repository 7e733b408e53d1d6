import { MSG } from '@planejador/contracts';
import { PlanosRepository } from '@planejador/db';
import { jobIds, QUEUES, type JobProducer } from '@planejador/queue';
import { createPlan, spawnWorker, teacherWithTurma, waitFor, type ManagedProcess } from '@planejador/testing';
import type { Redis } from 'ioredis';
import { ExportSlots, TAKE } from '../src/core/export-slots';
import { JOB_PRODUCER, REDIS } from '../src/core/tokens';
import { startApi, type ApiHarness } from './api-harness';

/**
 * Issue 24: export was unlimited per user. One export in flight per user, over every api process (a second at the
 * same time answers 429); the limit is freed when the export's job ends (issue 34: not when the browser gives up,
 * so a new click cannot pile a render on one still running), and the aborted export leaves no file behind.
 */
describe('export: one in flight per user (two api processes, worker)', () => {
  let api: ApiHarness;
  let other: ApiHarness;
  let worker: ManagedProcess | undefined;
  const env = { OPENAI_API_KEY: '' };

  beforeAll(async () => {
    api = await startApi(env);
    other = await startApi(env);
    worker = await spawnWorker(env);
  });
  afterAll(async () => {
    await worker?.stop();
    await other?.close();
    await api?.close();
  });

  it('a second export while one is in flight answers 429 on the other process; an aborted request holds the limit until its job ends', async () => {
    const { client, turma } = await teacherWithTurma(api);
    const plan = await createPlan(client, turma.id, ['Exportação: frações'], { timeoutMs: 30000 });
    const another = await createPlan(client, turma.id, ['Exportação: medidas'], { timeoutMs: 30000 });
    const elsewhere = other.client({ cookie: client.cookieHeader });
    expect((await elsewhere.get(`/api/planos/${plan.id}/export`)).status).toBe(200);

    // Without a worker the export waits: it stays in flight for as long as the test looks.
    await worker!.stop();
    worker = undefined;
    const browser = new AbortController();
    const first = fetch(`${api.url}/api/planos/${plan.id}/export`, { headers: { cookie: client.cookieHeader }, signal: browser.signal }).then(
      (res) => `answered ${res.status}`,
      (err: Error) => err.name,
    );
    const { updatedAt } = (await api.app.get(PlanosRepository).findPlanoExportState((await client.get<{ id: string }>('/api/auth/user')).body.id, plan.id))!;
    const queue = api.app.get<JobProducer>(JOB_PRODUCER).queue(QUEUES.export);
    await waitFor(async () => (await queue.getJob(jobIds.exportPlan(plan.id, updatedAt))) !== undefined, { timeoutMs: 10000, what: 'the first export to be queued' });

    for (const [who, id] of [[elsewhere, plan.id], [elsewhere, another.id], [client, another.id]] as const) {
      const refused = await who.get<{ message: string }>(`/api/planos/${id}/export`);
      expect([refused.status, refused.body.message]).toEqual([429, MSG.exportInFlight]);
    }
    // Another teacher is not held by it (their own request is answered: here, a plan that is not theirs).
    const stranger = await teacherWithTurma(other);
    expect((await stranger.client.get(`/api/planos/${plan.id}/export`)).status).toBe(404);

    // The browser gives up: the export it asked for is still waiting, and holds the limit until its job ends.
    browser.abort();
    expect(await first).toBe('AbortError');
    const stillHeld = await elsewhere.get<{ message: string }>(`/api/planos/${another.id}/export`);
    expect([stillHeld.status, stillHeld.body.message]).toEqual([429, MSG.exportInFlight]);
    worker = await spawnWorker(env);
    const next = await waitFor(
      async () => {
        const res = await elsewhere.get<Buffer>(`/api/planos/${another.id}/export`);
        return res.status === 429 ? null : res;
      },
      { timeoutMs: 20000, intervalMs: 200, what: 'the limit to be freed' },
    );
    expect(next.status).toBe(200);
    expect(next.body.subarray(0, 2).toString()).toBe('PK');
    // The aborted export ran once the worker was back, and its file was taken: none is left behind.
    const conn = api.orm.em.fork().getConnection();
    await waitFor(
      async () => Number((await conn.execute<{ count: string }[]>(`select count(*) from export_files where plano_id in (?, ?)`, [plan.id, another.id]))[0].count) === 0,
      { timeoutMs: 40000, what: 'no export file left' },
    );
    expect((await client.get(`/api/planos/${plan.id}/export`)).status).toBe(200);
  }, 120000);

  it("a slot's take sent again after a Redis restart (its key already set with this request's token) is still this request's; another's is refused", async () => {
    const redis = api.app.get<Redis>(REDIS);
    const userId = crypto.randomUUID();
    const key = `${process.env.QUEUE_PREFIX}:export-in-flight:${userId}`;
    expect(await redis.eval(TAKE, 1, key, 'token-a', 60000)).toBe(1);
    expect(await redis.eval(TAKE, 1, key, 'token-a', 60000)).toBe(1);
    expect(await redis.eval(TAKE, 1, key, 'token-b', 60000)).toBe(0);
    expect(Number(await redis.pttl(key))).toBeGreaterThan(0);
    await expect(api.app.get(ExportSlots).take(userId)).rejects.toMatchObject({ status: 429 });
    await redis.del(key);
    const slot = await api.app.get(ExportSlots).take(userId);
    await slot.release();
    expect(await redis.exists(key)).toBe(0);
  });
});
