import { MSG, type Plano, type PublicUser } from '@planejador/contracts';
import { jobIds, QUEUES } from '@planejador/queue';
import { generateRequest, messagesText, requestPlan, startSharedStack, teacherWithTurma, waitFor, waitForJobState, waitForPlan, type FakeAi, type TestClient, type TestStack } from '@planejador/testing';

/**
 * What a plan's generation may cost and how it ends when the database fails it: the AI calls of a plan are bounded
 * per lesson and per plan over every retry and job attempt (counted in PostgreSQL), and a database error outside a
 * lesson's own work still ends the plan in a final state.
 */
describe('plan generation: bounded AI calls and database errors', () => {
  let api: TestStack;
  let ai: FakeAi;

  // Without the bounds, a lesson that always fails would be called AI_ATTEMPTS x 5 job attempts = 10 times.
  const env = {
    OPENAI_TIMEOUT_MS: '3000',
    AI_ATTEMPTS: '2',
    AI_RETRY_BASE_MS: '1',
    GENERATION_RETRY_BASE_MS: '20',
    AI_MAX_CALLS_PER_LESSON: '3',
    AI_MAX_CALLS_PER_PLAN_LESSON: '2',
    LESSON_CONCURRENCY: '3',
  };

  beforeAll(async () => {
    api = await startSharedStack({ ai: 'fake', aiLatencyMs: 10, env });
    ai = api.ai!;
  });
  afterAll(() => api?.close());

  /** The plan's job has ended for good (no retry to come): no AI call of the plan can follow. */
  const jobEnded = (planId: string) =>
    waitForJobState(api.jobs.queue(QUEUES.generation), jobIds.generatePlan(planId), ['completed', 'failed']);
  const credits = async (client: TestClient) => (await client.get<PublicUser>('/api/auth/user')).body.credits;
  const callsFor = (text: string) => ai.calls.filter((c) => c.text.includes(text)).length;

  it('a lesson that always fails stops at its bound of calls; the plan ends done with that lesson failed, free to regenerate', async () => {
    const { client, turma } = await teacherWithTurma(api, { ano: '5' });
    ai.script({ match: 'Orçamento esgotado', status: 500, times: 1000 });
    const id = await requestPlan(client, generateRequest(turma.id, ['Frações com receitas', 'Orçamento esgotado: medidas', 'Tabuada com jogos']));
    const plan = await waitForPlan(client, id);
    expect(plan.generation.state).toBe('done');
    const failed = plan.aulas.find((a) => a.numeroAula === 2)!;
    expect(failed.generation.state).toBe('failed');
    expect(failed.generation.error).toMatch(/limite de tentativas/);
    expect(plan.aulas.filter((a) => a.generation.state === 'done')).toHaveLength(2);
    // 3 calls (the lesson's bound), not 10.
    await jobEnded(plan.id);
    expect(callsFor('Orçamento esgotado')).toBe(3);
    expect(callsFor('Tabuada com jogos')).toBe(1);
    // Lesson 1's description is lesson 1's topic only: the other lessons' requests name it only in the plan's lesson list.
    expect(callsFor('Frações com receitas')).toBe(1);
    expect(ai.calls.filter((c) => messagesText(c.body).includes('- Aula 1: Frações com receitas'))).toHaveLength(3 + 1);
    // Charged: a partial plan is a plan (only an all-failed plan is refunded).
    expect(await credits(client)).toBe(34);
  }, 90000);

  it('a plan whose lessons all keep failing stops at the plan bound (2 calls per lesson) and gives the credit back', async () => {
    const { client, turma } = await teacherWithTurma(api, { ano: '5' });
    ai.script({ match: 'Plano sem saída', status: 500, times: 1000 });
    const id = await requestPlan(client, generateRequest(turma.id, ['Plano sem saída: frações', 'Plano sem saída: decimais']));
    const plan = await waitForPlan(client, id, { states: ['failed'] });
    expect(plan.generation.creditRefunded).toBe(true);
    await jobEnded(plan.id);
    // 2 lessons x 2 calls: the plan's bound, though each lesson alone could make 3.
    expect(callsFor('Plano sem saída')).toBe(4);
    expect(await credits(client)).toBe(35);
  }, 90000);

  it("a regeneration adds the lesson's bound of calls to its budget, counted over every retry and job attempt and never reset", async () => {
    const { client, turma } = await teacherWithTurma(api, { ano: '5' });
    const id = await requestPlan(client, generateRequest(turma.id, ['Regeneração limitada: frações']));
    const plan = await waitForPlan(client, id, { states: ['done'] });
    const [lesson] = plan.aulas;
    const regenerate = (instrucao: string) => client.post(`/api/planos/${plan.id}/aulas/${lesson.id}/regenerar`, { instrucao });
    const settled = () =>
      waitFor(
        async () => {
          const aula = (await client.get<Plano>(`/api/planos/${plan.id}`)).body.aulas[0];
          return aula.generation.state === 'done' || aula.generation.state === 'failed' ? aula : null;
        },
        { timeoutMs: 60000, intervalMs: 200, what: 'the regeneration to end' },
      );

    // The generation made 1 call of its 3; the regeneration adds 3: 5 calls left for it, not AI_ATTEMPTS x 5 job
    // attempts = 10.
    ai.script({ match: 'Pedido sem saída', status: 500, times: 1000 });
    expect((await regenerate('Pedido sem saída')).status).toBe(202);
    const failed = await settled();
    expect(failed.generation).toMatchObject({ state: 'done', error: MSG.regenerationFailedKeptFree });
    expect(failed.versao).toBe(1);
    expect(callsFor('Pedido sem saída')).toBe(5);

    // The next regeneration has 3 more (the spent ones stay spent: 6 of 9).
    ai.reset();
    expect((await regenerate('Pedido atendido')).status).toBe(202);
    const done = await waitFor(
      async () => {
        const aula = await settled();
        return aula.versao === 2 ? aula : null;
      },
      { timeoutMs: 60000, what: 'the second regeneration' },
    );
    expect(done.generation.error).toBeFalsy();
    expect(callsFor('Pedido atendido')).toBe(1);
    const [{ ai_calls }] = await api.orm.em.fork().getConnection().execute<{ ai_calls: number }[]>(`select ai_calls from aulas where id = ?`, [lesson.id]);
    expect(ai_calls).toBe(7);
  }, 90000);

  describe('a database error outside the per-lesson work', () => {
    const conn = () => api.orm.em.fork().getConnection();
    afterEach(async () => {
      await conn().execute(`drop trigger if exists falha_ao_iniciar on planos_aula`);
      await conn().execute(`drop function if exists falha_ao_iniciar_fn()`);
      await conn().execute(`drop sequence if exists falhas_simuladas`);
    });

    /** Makes starting this user's plans (queued -> running) fail with a database error the given number of times. */
    async function failPlanStart(userId: string, times: number) {
      // A sequence counts the failures: unlike a table, nextval is not undone with the failed transaction.
      await conn().execute(`create sequence falhas_simuladas`);
      await conn().execute(`create function falha_ao_iniciar_fn() returns trigger language plpgsql as $$
        begin
          if new.user_id = '${userId}' and new.generation_state = 'running' and old.generation_state = 'queued' then
            if nextval('falhas_simuladas') <= ${times} then raise exception 'falha simulada do banco de dados'; end if;
          end if;
          return new;
        end $$`);
      await conn().execute(
        `create trigger falha_ao_iniciar before update on planos_aula for each row execute function falha_ao_iniciar_fn()`,
      );
    }

    it('that passes: the next attempt writes the plan, each lesson once', async () => {
      const { client, turma, user } = await teacherWithTurma(api, { ano: '5' });
      await failPlanStart(user.id, 2);
      const id = await requestPlan(client, generateRequest(turma.id, ['Banco instável: frações', 'Banco instável: decimais']));
      const plan = await waitForPlan(client, id);
      expect(plan.generation).toMatchObject({ state: 'done', done: 2, total: 2 });
      expect(callsFor('Banco instável')).toBe(2);
      expect(await credits(client)).toBe(34);
    }, 90000);

    it('that lasts: the plan still ends failed, the credit back once, instead of staying in the queue', async () => {
      const { client, turma, user } = await teacherWithTurma(api, { ano: '5' });
      await failPlanStart(user.id, 1000);
      const id = await requestPlan(client, generateRequest(turma.id, ['Banco fora do ar: frações']));
      const plan = await waitForPlan(client, id, { states: ['failed'] });
      expect(plan.generation.creditRefunded).toBe(true);
      expect(plan.generation.error).toBe('Não foi possível gerar o plano. Tente novamente mais tarde.');
      // The job's failed reason holds the same words (the sweeper ends the plan with it when the worker died before
      // doing so): never the database's error.
      const job = await api.jobs.queue(QUEUES.generation).getJob(jobIds.generatePlan(id));
      expect(job?.failedReason).toBe('Não foi possível gerar o plano. Tente novamente mais tarde.');
      expect(callsFor('Banco fora do ar')).toBe(0);
      expect(await credits(client)).toBe(35);
    }, 90000);
  });
});
