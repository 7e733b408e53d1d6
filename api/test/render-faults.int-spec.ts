import { existsSync, readdirSync } from 'node:fs';
import { conversionFolder } from '@planejador/config';
import { MSG } from '@planejador/contracts';
import { QUEUES, type JobProducer } from '@planejador/queue';
import { createPlan, isHealthy, spawnWorker, teacherWithTurma, waitFor, type ManagedProcess } from '@planejador/testing';
import { JOB_PRODUCER } from '../src/core/tokens';
import { startApi, type ApiHarness } from './api-harness';
import { largestAllowedPlan } from './largest-plan';

/** The render children (and conversions) a worker process has running now, by the marks in its conversion folder. */
function renderGroups(worker: ManagedProcess): number[] {
  const folder = conversionFolder(worker.proc.pid);
  if (!existsSync(folder)) return [];
  return readdirSync(folder).flatMap((name) => (/^group-(\d+)$/.exec(name) ? [Number(name.slice('group-'.length))] : []));
}

/**
 * Issue 34: a render whose child process died (kill -9 from outside) fails that export with its Portuguese message;
 * the worker goes on (same process, healthy, serving the next exports), and a new click is a new job.
 */
describe('render faults: kill -9 of the render child (api in process, a worker of its own)', () => {
  let api: ApiHarness;
  let worker: ManagedProcess;
  const env = { OPENAI_API_KEY: '' };

  beforeAll(async () => {
    api = await startApi(env);
    worker = await spawnWorker(env);
  });
  afterAll(async () => {
    await worker?.stop();
    await api?.close();
  });

  it('that export fails with its message, the worker keeps serving, and the next click renders anew', async () => {
    const { client, turma } = await teacherWithTurma(api);
    for (const tema of ['Primeiro plano enorme', 'Segundo plano enorme']) await largestAllowedPlan(client, turma.id, { trimestre: 1, temaPrincipal: tema });
    const small = await createPlan(client, turma.id, ['Frações com receitas'], { overrides: { trimestre: 2 } });
    const workerPid = worker.proc.pid;

    const handin = client.get<{ message: string }>(`/api/turmas/${turma.id}/trimestres/1/export?formato=docx`);
    const [child] = await waitFor(async () => {
      const groups = renderGroups(worker);
      return groups.length ? groups : null;
    }, { timeoutMs: 30000, intervalMs: 10, what: "the hand-in's render child" });
    process.kill(child, 'SIGKILL');

    const failed = await handin;
    expect([failed.status, failed.body.message]).toEqual([500, MSG.handinFalhou]);
    const reasons = (await api.app.get<JobProducer>(JOB_PRODUCER).queue(QUEUES.export).getFailed()).map((job) => job.failedReason);
    // Killed while it ran, or before it took the request (a loaded machine): either way a crashed child.
    expect(reasons).toEqual([expect.stringMatching(/^render-crashed: render child (ended with SIGKILL|took no request)/)]);

    // The worker goes on: the same process, healthy, no mark left behind, exporting the next document.
    expect(worker.proc.pid).toBe(workerPid);
    expect(worker.proc.exitCode).toBeNull();
    expect(await isHealthy(worker.healthUrl!)).toBe(true);
    expect(renderGroups(worker)).toEqual([]);
    const next = await client.get<Buffer>(`/api/planos/${small.id}/export`);
    expect(next.status).toBe(200);
    expect(next.body.subarray(0, 2).toString()).toBe('PK');
    // A new click of the same hand-in is a new job, rendered in a new child.
    const again = await client.get<Buffer>(`/api/turmas/${turma.id}/trimestres/1/export?formato=docx`);
    expect(again.status).toBe(200);
    expect(again.body.subarray(0, 2).toString()).toBe('PK');
  }, 300000);
});
