import { jobIds, QUEUES, type JobProducer } from '@planejador/queue';
import { createPlan, readRedisValues, spawnWorker, teacherWithTurma, waitFor, type ManagedProcess } from '@planejador/testing';
import { PlanosRepository } from '@planejador/db';
import { JOB_PRODUCER } from '../src/core/tokens';
import { startApi, type ApiHarness } from './api-harness';

describe('export: the .docx never sits in Redis; a failed export does not stick (issue 16)', () => {
  let api: ApiHarness;
  let worker: ManagedProcess;
  const prefix = `${process.env.QUEUE_PREFIX}-export`;

  beforeAll(async () => {
    const env = { OPENAI_API_KEY: '', QUEUE_PREFIX: prefix };
    api = await startApi(env);
    worker = await spawnWorker(env);
  });
  afterAll(async () => {
    await worker?.stop();
    await api?.close();
  });

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
    const values = await readRedisValues(process.env.REDIS_URL!, prefix);
    // No .docx in any form (a zip starts with PK\x03\x04, 'UEsDB' in base64).
    expect(values.filter((v) => v.value.includes('UEsDB') || v.value.includes('PK\x03\x04')).map((v) => `${v.key} ${v.part ?? ''}`)).toEqual([]);
    const largest = values.reduce((max, v) => (v.value.length > max.value.length ? v : max), values[0]);
    expect({ key: largest.key, part: largest.part, bytes: largest.value.length < 64 * 1024 }).toMatchObject({ bytes: true });
    const [{ count }] = await api.orm.em.fork().getConnection().execute<{ count: string }[]>(
      `select count(*) from export_files where plano_id = ?`,
      [p.id],
    );
    expect(Number(count)).toBe(0);
  });

  it('a failed export job does not make the next export of that plan fail', async () => {
    const { client, user, plan: p } = await plan();
    const producer = api.app.get<JobProducer>(JOB_PRODUCER);
    // The job of this plan version fails (it names another owner: the worker finds no plan).
    const { updatedAt } = (await api.app.get(PlanosRepository).findPlanoExportState(user.id, p.id))!;
    const job = await producer.enqueue('export-plan', { planId: p.id, userId: '00000000-0000-4000-8000-000000000000' }, jobIds.exportPlan(p.id, updatedAt));
    await waitFor(async () => (await job.getState()) === 'failed', { what: 'export job to fail' });
    const res = await client.get<Buffer>(`/api/planos/${p.id}/export`);
    expect(res.status).toBe(200);
    expect(res.body.subarray(0, 2).toString()).toBe('PK');
    expect(await producer.queue(QUEUES.export).getJob(job.id!)).toBeUndefined();
  });
});
