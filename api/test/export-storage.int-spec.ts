import { type Plano } from '@planejador/contracts';
import { jobIds, QUEUES, type JobProducer } from '@planejador/queue';
import { readRedisValues, spawnWorker, waitFor, type ManagedProcess } from '@planejador/testing';
import { JOB_PRODUCER } from '../src/core/tokens';
import { signUp, startApi, turmaInput, type ApiHarness } from './api-harness';

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
    const { client, user } = await signUp(api);
    const turma = (await client.post<{ id: string }>('/api/turmas', turmaInput())).body;
    const res = await client.post<{ id: string }>('/api/planos/generate', {
      temaPrincipal: 'Matemática',
      turmaId: turma.id,
      materiaGeral: 'matematica',
      limitOneSkill: true,
      preferirSeduc: true,
      nivelDetalhamento: 3,
      aulas: Array.from({ length: 6 }, (_, i) => ({ numeroAula: i + 1, materia: 'matematica', prompt: `Frações e medidas, parte ${i + 1}` })),
    });
    expect(res.status).toBe(202);
    const done = await waitFor(
      async () => {
        const p = (await client.get<Plano>(`/api/planos/${res.body.id}`)).body;
        return p.generation.state === 'done' ? p : null;
      },
      { what: 'plan done', timeoutMs: 30000 },
    );
    return { client, user, plan: done };
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
    const { client, plan: p } = await plan();
    const producer = api.app.get<JobProducer>(JOB_PRODUCER);
    // The job of this plan version fails (it names another owner: the worker finds no plan).
    const [{ updated_at: updatedAt }] = await api.orm.em.fork().getConnection().execute<{ updated_at: Date }[]>(
      `select updated_at from planos_aula where id = ?`,
      [p.id],
    );
    const job = await producer.enqueue('export-plan', { planId: p.id, userId: '00000000-0000-4000-8000-000000000000' }, jobIds.exportPlan(p.id, updatedAt));
    await waitFor(async () => (await job.getState()) === 'failed', { what: 'export job to fail' });
    const res = await client.get<Buffer>(`/api/planos/${p.id}/export`);
    expect(res.status).toBe(200);
    expect(res.body.subarray(0, 2).toString()).toBe('PK');
    expect(await producer.queue(QUEUES.export).getJob(job.id!)).toBeUndefined();
  });
});
