import { LIMITS, MSG, type Aula, type Plano, type PublicUser } from '@planejador/contracts';
import {
  generateRequest,
  requestPlan,
  spawnWorker,
  startFakeAi,
  startSharedStack,
  teacherWithTurma,
  waitFor,
  waitForPlan,
  type FakeAi,
  type ManagedProcess,
  type TestClient,
  type TestStack,
} from '@planejador/testing';
import { startApi, type ApiHarness, type TestApi } from './api-harness';

/** The file's own database (the shared stack's becomes DATABASE_URL once it is asked for). */
const fileDatabase = process.env.DATABASE_URL;

/**
 * Issue 24: what regenerations may cost. A failed lesson's regeneration is free 3 times, then costs a credit like
 * any other; a lesson's AI calls are counted over its whole life (never reset by a regeneration); and a user has at
 * most 3 regenerations queued or running and 30 an hour, counted in PostgreSQL so that two api processes hold them.
 */
describe('regeneration bounds: free retries, kept AI budget, per-user caps (two api processes, worker, fake AI)', () => {
  /** The api the tests use (the shared stack's, or the first of the two processes), and its fake AI. */
  let api: TestApi;
  let ai: FakeAi;
  const env = {
    OPENAI_TIMEOUT_MS: '3000',
    AI_ATTEMPTS: '2',
    AI_RETRY_BASE_MS: '1',
    GENERATION_RETRY_BASE_MS: '20',
    AI_MAX_CALLS_PER_LESSON: '2',
    LESSON_CONCURRENCY: '4',
  };

  const credits = async (client: TestClient) => (await client.get<PublicUser>('/api/auth/user')).body.credits;
  const callsFor = (text: string) => ai.calls.filter((c) => c.text.includes(text)).length;
  const storedCalls = async (aulaId: string) =>
    (await api.orm.em.fork().getConnection().execute<{ ai_calls: number }[]>(`select ai_calls from aulas where id = ?`, [aulaId]))[0].ai_calls;
  const lessonOf = async (client: TestClient, planId: string, aulaId: string) =>
    (await client.get<Plano>(`/api/planos/${planId}`)).body.aulas.find((a) => a.id === aulaId)!;
  /** The lesson once its regeneration has ended (done or failed). */
  const settled = (client: TestClient, planId: string, aulaId: string) =>
    waitFor(
      async () => {
        const aula = await lessonOf(client, planId, aulaId);
        return aula.generation.state === 'done' || aula.generation.state === 'failed' ? aula : null;
      },
      { timeoutMs: 60000, intervalMs: 150, what: `lesson ${aulaId} to settle` },
    );

  describe('one api process (the shared stack)', () => {
    let stack: TestStack;
    beforeAll(async () => {
      stack = await startSharedStack({ ai: 'fake', env });
      api = stack;
      ai = stack.ai!;
    });
    afterAll(() => stack?.close());

    it("a failed lesson is free to regenerate 3 times, then costs 1 credit; its AI calls are counted over its whole life", async () => {
      const { client, turma } = await teacherWithTurma(api, { ano: '5' });
      ai.script({ match: 'Sempre falha', status: 500, times: 1000 });
      const plan = await waitForPlan(client, await requestPlan(client, generateRequest(turma.id, ['Funciona: medidas', 'Sempre falha: frações'])));
      expect(plan.generation).toMatchObject({ state: 'done', done: 1, total: 2 });
      const failed = plan.aulas.find((a) => a.generation.state === 'failed')!;
      const start = await credits(client);
      const regenerate = () => client.post<{ message: string }>(`/api/planos/${plan.id}/aulas/${failed.id}/regenerar`, {});

      for (let i = 1; i <= LIMITS.freeRegenerations; i++) {
        expect((await regenerate()).status).toBe(202);
        const aula = await settled(client, plan.id, failed.id);
        expect(aula.generation.state).toBe('failed');
        expect(aula.regeneracoes).toBe(i);
      }
      expect(await credits(client)).toBe(start);
      // 2 calls for the generation and 2 more for each regeneration, every one of them still counted on the lesson
      // (a regeneration that started the count at 0 again would show only its own).
      await waitFor(async () => (await storedCalls(failed.id)) === 2 * (LIMITS.freeRegenerations + 1), { timeoutMs: 30000, what: 'the last calls to be counted' });
      expect(callsFor('Sempre falha')).toBe(2 * (LIMITS.freeRegenerations + 1));

      // The 4th is paid, like any lesson's: it succeeds and the credit stays taken.
      ai.reset();
      expect((await regenerate()).status).toBe(202);
      expect(await credits(client)).toBe(start - 1);
      const done = await settled(client, plan.id, failed.id);
      expect(done.generation).toMatchObject({ state: 'done' });
      expect(done.versao).toBe(1);
      expect(await credits(client)).toBe(start - 1);
    }, 120000);
  });

  // Two api processes: a describe with processes of its own (its fake AI, both apis and a worker, on the file's database).
  describe('two api processes of its own', () => {
    let first: ApiHarness;
    let other: ApiHarness;
    let worker: ManagedProcess;
    beforeAll(async () => {
      process.env.DATABASE_URL = fileDatabase;
      ai = await startFakeAi({ latencyMs: 10 });
      const all = { ...env, OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: ai.url };
      first = await startApi(all);
      api = first;
      other = await startApi(all);
      worker = await spawnWorker(all);
    });
    afterAll(async () => {
      ai?.release();
      await worker?.stop();
      await other?.close();
      await first?.close();
      await ai?.close();
    });

    it('a user has at most 3 regenerations queued or running, over both api processes; a 4th answers 429 and charges nothing', async () => {
      const { client, turma } = await teacherWithTurma(api, { ano: '5' });
      const lessons = ['Fila A: frações', 'Fila B: medidas', 'Fila C: decimais', 'Fila D: tabuada', 'Fila E: gráficos', 'Fila F: área'];
      const plan = await waitForPlan(client, await requestPlan(client, generateRequest(turma.id, lessons)));
      expect(plan.generation.state).toBe('done');
      const start = await credits(client);
      // The regenerations' AI calls wait until released: they stay in flight for as long as the test looks.
      ai.script({ match: 'Pedido retido', hold: true, times: 100 });
      // The same session through the other process: the bound is the user's, wherever the request lands.
      const elsewhere = other.client({ cookie: client.cookieHeader });
      const answers = await Promise.all(
        plan.aulas.map((aula, i) =>
          (i % 2 ? elsewhere : client).post<{ message: string }>(`/api/planos/${plan.id}/aulas/${aula.id}/regenerar`, { instrucao: 'Pedido retido' }),
        ),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([202, 202, 202, 429, 429, 429]);
      for (const refused of answers.filter((a) => a.status === 429)) expect(refused.body.message).toBe(MSG.regenerationsInFlight);
      expect(await credits(client)).toBe(start);
      const after = (await client.get<Plano>(`/api/planos/${plan.id}`)).body;
      expect(after.aulas.filter((a: Aula) => a.generation.state === 'queued' || a.generation.state === 'running')).toHaveLength(3);
      expect(after.aulas.filter((a: Aula) => a.generation.state === 'done' && a.regeneracoes === 0)).toHaveLength(3);

      // Once they end, the next one is taken.
      ai.release();
      const accepted = plan.aulas.filter((_, i) => answers[i].status === 202);
      for (const aula of accepted) await settled(client, plan.id, aula.id);
      const refused = plan.aulas.find((_, i) => answers[i].status === 429)!;
      expect((await client.post(`/api/planos/${plan.id}/aulas/${refused.id}/regenerar`, {})).status).toBe(202);
      await settled(client, plan.id, refused.id);
      ai.reset();
    }, 120000);

    it('a user has at most 30 regenerations an hour: the next answers 429, charging and queueing nothing', async () => {
      const { client, turma, user } = await teacherWithTurma(api, { ano: '5' });
      const plan = await waitForPlan(client, await requestPlan(client, generateRequest(turma.id, ['Hora cheia: frações'])));
      const [lesson] = plan.aulas;
      // 30 asked for within the hour (as many regenerations would have left), and older ones that no longer count.
      const conn = api.orm.em.fork().getConnection();
      await conn.execute(
        `insert into regeneration_requests (user_id, aula_id, created_at)
         select ?, ?, now() - make_interval(mins => g) from generate_series(1, 29) g`,
        [user.id, lesson.id],
      );
      await conn.execute(`insert into regeneration_requests (user_id, aula_id, created_at) select ?, ?, now() - interval '2 hours' from generate_series(1, 10)`, [user.id, lesson.id]);
      const start = await credits(client);
      expect((await client.post(`/api/planos/${plan.id}/aulas/${lesson.id}/regenerar`, {})).status).toBe(202);
      await settled(client, plan.id, lesson.id);
      const refused = await other.client({ cookie: client.cookieHeader }).post<{ message: string }>(`/api/planos/${plan.id}/aulas/${lesson.id}/regenerar`, {});
      expect(refused.status).toBe(429);
      expect(refused.body.message).toBe(MSG.regenerationsPerHour);
      const aula = await lessonOf(client, plan.id, lesson.id);
      expect(aula).toMatchObject({ regeneracoes: 1, versao: 2, generation: { state: 'done' } });
      expect(await credits(client)).toBe(start);
    }, 120000);
  });
});
