import { LIMITS } from '@planejador/contracts';
import { jobIds, jobPriority, QUEUES, type JobProducer } from '@planejador/queue';
import { generateRequest, requestPlan, spawnWorker, startFakeAi, teacherWithTurma, waitFor, waitForPlan, type FakeAi, type ManagedProcess } from '@planejador/testing';
import { JOB_PRODUCER } from '../src/core/tokens';
import { startApi, type ApiHarness } from './api-harness';

/**
 * Issue 29, fairness: a teacher's plans are ranked behind every other teacher's first plan (BullMQ priority), first
 * generations go before regenerations, and no teacher runs more than her share of the workers at once (Redis), so
 * one account's volume never holds another teacher's first lesson back.
 */
describe('a fair generation queue (real Redis, BullMQ, worker, fake AI)', () => {
  let api: ApiHarness;
  let ai: FakeAi;
  let worker: ManagedProcess | undefined;
  const env = {
    OPENAI_API_KEY: 'test-key',
    OPENAI_TIMEOUT_MS: '10000',
    WORKER_CONCURRENCY: '3',
    FAIR_SHARE_JOBS: '1',
  };

  beforeAll(async () => {
    ai = await startFakeAi({ latencyMs: 700 });
    api = await startApi({ ...env, OPENAI_BASE_URL: ai.url });
  });
  afterAll(async () => {
    await worker?.stop();
    await api?.close();
    await ai?.close();
  });

  const queue = () => api.app.get<JobProducer>(JOB_PRODUCER).queue(QUEUES.generation);
  /** When the AI first heard of a lesson whose description holds `tag`. */
  const firstCall = (tag: string) => ai.calls.find((c) => c.text.includes(tag))?.receivedAt ?? Infinity;

  it('ranks each teacher\'s plans behind the others\' first ones, and keeps one teacher to her share of the workers', async () => {
    const heavy = await teacherWithTurma(api, { ano: '5' });
    const light = await teacherWithTurma(api, { ano: '5' });
    // Queued with no worker running: the heavy account's plans first (as many as a user may have queued at once,
    // issue 34), then the light teacher's one.
    const heavyIds: string[] = [];
    for (let i = 1; i <= LIMITS.generationsInFlightMax; i++) heavyIds.push(await requestPlan(heavy.client, generateRequest(heavy.turma.id, [`[pesado-${i}] Frações com receitas`])));
    const lightId = await requestPlan(light.client, generateRequest(light.turma.id, ['[leve-1] Tabuada com bingo']));

    const priorities = await Promise.all([...heavyIds, lightId].map(async (id) => (await queue().getJob(jobIds.generatePlan(id)))?.opts.priority));
    expect(priorities).toEqual([0, 1, 2, 0].map((backlog) => jobPriority('first-generation', backlog)));

    worker = await spawnWorker({ ...env, OPENAI_BASE_URL: ai.url });
    await Promise.all([...heavyIds.map((id) => waitForPlan(heavy.client, id, { timeoutMs: 60000 })), waitForPlan(light.client, lightId, { timeoutMs: 60000 })]);

    // The light teacher's first lesson started with the heavy account's first, not after its last.
    expect(firstCall('[leve-1]')).toBeLessThan(firstCall('[pesado-2]'));
    // The heavy account never had two lessons with the AI at once (share 1), although 3 workers were free.
    const heavyCalls = ai.calls.filter((c) => c.text.includes('[pesado-')).map((c) => c.receivedAt).sort((a, b) => a - b);
    expect(heavyCalls).toHaveLength(LIMITS.generationsInFlightMax);
    for (let i = 1; i < heavyCalls.length; i++) expect(heavyCalls[i] - heavyCalls[i - 1]).toBeGreaterThanOrEqual(600);
  });

  it('puts a regeneration behind every first generation', async () => {
    const teacher = await teacherWithTurma(api, { ano: '5' });
    const done = await requestPlan(teacher.client, generateRequest(teacher.turma.id, ['[regen] Medidas de comprimento']));
    const plan = await waitForPlan(teacher.client, done, { timeoutMs: 30000 });
    // No worker from here on: the regeneration's job stays queued to be looked at.
    await waitFor(async () => (await queue().getActiveCount()) === 0, { timeoutMs: 30000 });
    await worker?.stop();
    worker = undefined;
    const res = await teacher.client.post<{ jobId: string }>(`/api/planos/${plan.id}/aulas/${plan.aulas[0].id}/regenerar`, {});
    expect(res.status).toBe(202);
    const job = await queue().getJob(res.body.jobId);
    expect(job?.opts.priority).toBe(jobPriority('regeneration', 0));
    expect(job!.opts.priority!).toBeGreaterThan(jobPriority('first-generation', 998));
  });
});
