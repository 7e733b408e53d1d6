import { LIMITS, lineCount, MSG, type Plano } from '@planejador/contracts';
import { createPlan, isHealthy, startSharedStack, teacherWithTurma, waitForPlan, requestPlan, generateRequest, type TestStack } from '@planejador/testing';
import { largestAllowedPlan } from './largest-plan';

/**
 * Issue 34, documents cannot take the worker down: every document is rendered in a child process with a heap cap
 * and a time limit (below the api's wait). The largest plan a teacher can make exports within the default caps; a
 * render past its cap (here a stack whose cap is lowered to 64 MB) fails that export alone, with its Portuguese
 * message, while the same worker goes on generating and exporting for everyone else.
 */
describe('render limits: the largest allowed plan exports; a render past its cap fails alone', () => {
  let stack: TestStack;
  let lowCap: TestStack;

  beforeAll(async () => {
    stack = await startSharedStack({ ai: 'offline' });
    lowCap = await startSharedStack({ ai: 'offline', env: { RENDER_MEMORY_MB: '64' } });
  });
  afterAll(async () => {
    await lowCap?.close();
    await stack?.close();
  });

  it('the largest allowed plan (15 lessons, every field at 20,000 characters and 300 lines) exports within the caps', async () => {
    const { client, turma } = await teacherWithTurma(stack);
    const plan = await largestAllowedPlan(client, turma.id);
    expect(plan.aulas).toHaveLength(LIMITS.aulasMax);
    expect(plan.aulas.every((a) => a.objetivos?.length === LIMITS.lessonFieldMax && lineCount(a.objetivos) === LIMITS.lessonFieldLinesMax)).toBe(true);
    const started = Date.now();
    const res = await client.get<Buffer>(`/api/planos/${plan.id}/export`);
    expect(res.status).toBe(200);
    expect(res.body.subarray(0, 2).toString()).toBe('PK');
    // Under the render's limit (80% of the api's 30 s wait).
    expect(Date.now() - started).toBeLessThan(24000);
  }, 180000);

  it("a render past its cap fails that export with its message while another teacher's plan generates on time in the same worker", async () => {
    const workerPid = lowCap.worker.proc.pid;
    const big = await teacherWithTurma(lowCap);
    const plan = await largestAllowedPlan(big.client, big.turma.id);
    const other = await teacherWithTurma(lowCap);
    const small = await createPlan(other.client, other.turma.id, ['Frações com receitas']);

    // The export and another teacher's new plan at the same time, in the same worker.
    const asked = Date.now();
    const [exported, generated] = await Promise.all([
      big.client.get<{ message: string }>(`/api/planos/${plan.id}/export`),
      requestPlan(other.client, generateRequest(other.turma.id, ['Medidas com trena', 'Gráficos da turma'])).then((id) => waitForPlan(other.client, id, { states: ['done'], timeoutMs: 30000 })),
    ]);
    expect([exported.status, exported.body.message]).toEqual([422, MSG.exportGrandeDemais]);
    expect((generated as Plano).aulas).toHaveLength(2);
    expect(Date.now() - asked).toBeLessThan(20000);

    // The same worker process goes on: it is healthy, and exports the other teacher's plan.
    expect(lowCap.worker.proc.pid).toBe(workerPid);
    expect(lowCap.worker.proc.exitCode).toBeNull();
    expect(await isHealthy(lowCap.worker.healthUrl!)).toBe(true);
    const fine = await other.client.get<Buffer>(`/api/planos/${small.id}/export`);
    expect(fine.status).toBe(200);
    expect(fine.body.subarray(0, 2).toString()).toBe('PK');
    // The failed export is not tried again by itself: the teacher's next click is a new job, with the same answer.
    const again = await big.client.get<{ message: string }>(`/api/planos/${plan.id}/export`);
    expect([again.status, again.body.message]).toEqual([422, MSG.exportGrandeDemais]);
  }, 240000);

  it('two hand-ins of such plans queued at once fail each with its message, and the worker stays up and healthy throughout', async () => {
    const workerPid = lowCap.worker.proc.pid;
    const teachers = await Promise.all([teacherWithTurma(lowCap), teacherWithTurma(lowCap)]);
    for (const { client, turma } of teachers) {
      for (const tema of ['Primeiro plano enorme', 'Segundo plano enorme']) await largestAllowedPlan(client, turma.id, { trimestre: 1, temaPrincipal: tema });
    }
    let healthChecks = 0;
    let unhealthy = 0;
    let done = false;
    const watching = (async () => {
      while (!done) {
        healthChecks++;
        if (!(await isHealthy(lowCap.worker.healthUrl!))) unhealthy++;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();
    const answers = await Promise.all(teachers.map(({ client, turma }) => client.get<{ message: string }>(`/api/turmas/${turma.id}/trimestres/1/export?formato=docx`)));
    done = true;
    await watching;
    expect(answers.map((res) => [res.status, res.body.message])).toEqual([
      [422, MSG.exportGrandeDemais],
      [422, MSG.exportGrandeDemais],
    ]);
    expect(healthChecks).toBeGreaterThan(0);
    expect(unhealthy).toBe(0);
    expect(lowCap.worker.proc.pid).toBe(workerPid);
    expect(lowCap.worker.proc.exitCode).toBeNull();
  }, 300000);
});
