import { jobIds, QUEUES } from '@planejador/queue';
import { createPlan, readRedisValues, startSharedStack, teacherWithTurma, waitFor, type TestStack } from '@planejador/testing';
import { PlanosRepository } from '@planejador/db';

describe('export: the .docx never sits in Redis; a failed export does not stick (issue 16)', () => {
  let api: TestStack;

  beforeAll(async () => {
    api = await startSharedStack({ ai: 'offline' });
  });
  afterAll(() => api?.close());

  async function plan() {
    const { client, user, turma } = await teacherWithTurma(api);
    const lessons = Array.from({ length: 6 }, (_, i) => `Frações e medidas, parte ${i + 1}`);
    return { client, user, plan: await createPlan(client, turma.id, lessons, { timeoutMs: 30000 }) };
  }

  it('20 exports leave no Redis value above 64 KB and no file behind in PostgreSQL', async () => {
    const { client, plan: p } = await plan();
    for (let i = 0; i < 20; i++) {
      const res = await client.get<Buffer>(`/api/planos/${p.id}/export`);
      expect(res.status).toBe(200);
      expect(res.body.subarray(0, 2).toString()).toBe('PK');
    }
    // Everything the shared stack keeps in Redis (its queues and limits).
    const values = await readRedisValues(process.env.REDIS_URL!, `${api.queuePrefix}:`);
    // No .docx in any form (a zip starts with PK\x03\x04, 'UEsDB' in base64).
    expect(values.filter((v) => v.value.includes('UEsDB') || v.value.includes('PK\x03\x04')).map((v) => `${v.key} ${v.part ?? ''}`)).toEqual([]);
    // The values of this plan's exports: their jobs' keys, and the event entries that name them.
    const named = new Set(values.filter((v) => v.key.includes(p.id) || v.value.includes(p.id)).map((v) => `${v.key} ${v.part ?? ''}`));
    const ours = values.filter((v) => named.has(`${v.key} ${v.part ?? ''}`));
    const largest = ours.reduce((max, v) => (v.value.length > max.value.length ? v : max), ours[0]);
    expect({ key: largest.key, part: largest.part, bytes: largest.value.length < 64 * 1024 }).toMatchObject({ bytes: true });
    const [{ count }] = await api.orm.em.fork().getConnection().execute<{ count: string }[]>(
      `select count(*) from export_files where plano_id = ?`,
      [p.id],
    );
    expect(Number(count)).toBe(0);
  });

  it('a failed export job does not make the next export of that plan fail', async () => {
    const { client, user, plan: p } = await plan();
    const producer = api.jobs;
    // The job of this plan version fails (it names another owner: the worker finds no plan).
    const { updatedAt } = (await api.repository(PlanosRepository).findPlanoExportState(user.id, p.id))!;
    const job = await producer.enqueue('export-plan', { planId: p.id, userId: '00000000-0000-4000-8000-000000000000' }, jobIds.exportPlan(p.id, updatedAt));
    await waitFor(async () => (await job.getState()) === 'failed', { what: 'export job to fail' });
    const res = await client.get<Buffer>(`/api/planos/${p.id}/export`);
    expect(res.status).toBe(200);
    expect(res.body.subarray(0, 2).toString()).toBe('PK');
    expect(await producer.queue(QUEUES.export).getJob(job.id!)).toBeUndefined();
  });
});
