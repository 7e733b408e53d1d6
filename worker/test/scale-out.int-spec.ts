import { io } from 'socket.io-client';
import type { Plano, PlanProgressEvent } from '@planejador/contracts';
import { createTurma, freePort, generateRequest, requestPlan, signUpTeacher, spawnApi, spawnWorker, startFakeAi, TestClient, uniqueEmail, waitFor, type FakeAi, type ManagedProcess } from '@planejador/testing';

describe('scale-out: 2 api and 2 worker processes on one PostgreSQL and one Redis', () => {
  let ai: FakeAi;
  const apis: { url: string; proc: ManagedProcess }[] = [];
  const workers: ManagedProcess[] = [];

  beforeAll(async () => {
    ai = await startFakeAi({ latencyMs: 300 });
    const env = { OPENAI_API_KEY: 'k', OPENAI_BASE_URL: ai.url, LESSON_CONCURRENCY: '2', WORKER_CONCURRENCY: '2' };
    for (let i = 0; i < 2; i++) {
      const port = await freePort();
      apis.push({ url: `http://127.0.0.1:${port}`, proc: await spawnApi(port, env) });
      workers.push(await spawnWorker(env));
    }
  });
  afterAll(async () => {
    await Promise.all([...apis.map((a) => a.proc.stop()), ...workers.map((w) => w.stop())]);
    await ai?.close();
  });

  it('a session made on api A works on api B; a plan requested through A reports its progress to a socket on B', async () => {
    const [a, b] = apis;
    const { client: onA, email } = await signUpTeacher(a.url, { email: uniqueEmail('escala') });
    const onB = new TestClient(b.url, { cookie: onA.cookieHeader });
    const me = await onB.get<{ email: string }>('/api/auth/user');
    expect(me.status).toBe(200);
    expect(me.body.email).toBe(email);

    const turma = await createTurma(onB, { numero: '71', escola: 'EEEM Farroupilha', ano: '7' });
    const socket = io(b.url, { transports: ['websocket'], extraHeaders: { cookie: onA.cookieHeader }, reconnection: false });
    const events: PlanProgressEvent[] = [];
    socket.on('plan:progress', (e: PlanProgressEvent) => events.push(e));
    await new Promise<void>((resolve, reject) => {
      socket.on('connect', () => resolve());
      socket.on('connect_error', reject);
    });
    try {
      // Several plans so both workers take some; a teacher has at most 3 generating at once (decisions.md, "AI cost is
      // bounded"), so the 4th is asked for once one of them is done.
      const ids: string[] = [];
      for (let i = 0; i < 4; i++) {
        if (i === 3) await waitFor(() => events.some((e) => e.type === 'done'), { what: 'a first plan done', timeoutMs: 60000 });
        ids.push(await requestPlan(onA, generateRequest(turma.id, [1, 2, 3].map((n) => `Plano ${i} aula ${n}: números inteiros`))));
      }
      await waitFor(() => ids.every((id) => events.some((e) => e.planId === id && e.type === 'done')), {
        what: 'done events for every plan on the socket connected to api B',
        timeoutMs: 60000,
      });
      for (const id of ids) {
        const plan = await onB.get<Plano>(`/api/planos/${id}`);
        expect(plan.body.generation).toMatchObject({ state: 'done', done: 3, total: 3 });
        expect(events.filter((e) => e.planId === id && e.type === 'lesson-done')).toHaveLength(3);
      }
      // Both worker processes did generation work.
      const started = workers.map((w) => w.output.filter((l) => l.includes('generation started')).length);
      expect(started.every((n) => n > 0)).toBe(true);
    } finally {
      socket.close();
    }
  }, 120000);
});
