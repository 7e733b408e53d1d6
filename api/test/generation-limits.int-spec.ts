import { LIMITS, MSG, type Plano, type PublicUser } from '@planejador/contracts';
import { generateRequest, requestPlan, startSharedStack, teacherWithTurma, waitForPlan, type FakeAi, type TestClient, type TestStack } from '@planejador/testing';

/**
 * Issue 34: what first generations may cost. Plans and assessments share per-user bounds (3 queued or running, 10 a
 * minute, 60 an hour), counted in PostgreSQL; a wholly failed plan still gives its credit back, but after 3 of them
 * in an hour the next generations answer 429 until the hour passes.
 */
describe('first-generation bounds per user (api, worker, fake AI)', () => {
  let api: TestStack;
  let ai: FakeAi;

  beforeAll(async () => {
    api = await startSharedStack({
      ai: 'fake',
      env: { OPENAI_TIMEOUT_MS: '3000', AI_ATTEMPTS: '2', AI_RETRY_BASE_MS: '1', GENERATION_RETRY_BASE_MS: '20', LESSON_CONCURRENCY: '4' },
    });
    ai = api.ai!;
  });
  afterAll(async () => {
    ai?.release();
    await api?.close();
  });

  const sql = (text: string, params: unknown[] = []) => api.orm.em.fork().getConnection().execute(text, params);
  const credits = async (client: TestClient) => (await client.get<PublicUser>('/api/auth/user')).body.credits;
  const plans = async (client: TestClient) => (await client.get<Plano[]>('/api/planos')).body.length;
  const generate = (client: TestClient, turmaId: string, lesson: string) => client.post<{ id: string; message: string }>('/api/planos/generate', generateRequest(turmaId, [lesson]));
  const assess = (client: TestClient, turmaId: string) =>
    client.post<{ message: string }>(`/api/turmas/${turmaId}/avaliacoes`, { trimestre: 1, materia: 'matematica', habilidades: ['EF05MA03'], questoesPorHabilidade: 1 });

  it('at most 3 plans or assessments queued or running at once: the next answers 429, charging and storing nothing', async () => {
    const { client, turma } = await teacherWithTurma(api, { ano: '5' });
    ai.script({ match: 'Plano retido', hold: true, times: 100 });
    const start = await credits(client);
    const accepted: string[] = [];
    for (let i = 1; i <= LIMITS.generationsInFlightMax; i++) {
      const res = await generate(client, turma.id, `Plano retido ${i}: frações`);
      expect(res.status).toBe(202);
      accepted.push(res.body.id);
    }
    expect(await generate(client, turma.id, 'Plano retido 4: frações')).toMatchObject({ status: 429, body: { message: MSG.generationsInFlight } });
    expect(await assess(client, turma.id)).toMatchObject({ status: 429, body: { message: MSG.generationsInFlight } });
    expect(await credits(client)).toBe(start - LIMITS.generationsInFlightMax);
    expect(await plans(client)).toBe(LIMITS.generationsInFlightMax);

    ai.release();
    for (const id of accepted) await waitForPlan(client, id);
    ai.reset();
    expect((await generate(client, turma.id, 'Depois: frações')).status).toBe(202);
  }, 120000);

  it('10 a minute and 60 an hour, over plans and assessments together: the next answers 429', async () => {
    const { client, turma, user } = await teacherWithTurma(api, { ano: '5' });
    const start = await credits(client);
    await sql(`insert into generation_requests (user_id, kind) select ?, 'plano' from generate_series(1, ?)`, [user.id, LIMITS.generationsPerMinute]);
    expect(await generate(client, turma.id, 'Minuto cheio: frações')).toMatchObject({ status: 429, body: { message: MSG.generationsPerMinute } });
    expect(await assess(client, turma.id)).toMatchObject({ status: 429, body: { message: MSG.generationsPerMinute } });

    // The minute has passed for those; the hour still counts them, with more asked for within it.
    await sql(`update generation_requests set created_at = now() - interval '5 minutes' where user_id = ?`, [user.id]);
    await sql(`insert into generation_requests (user_id, kind, created_at) select ?, 'avaliacao', now() - interval '10 minutes' from generate_series(1, ?)`, [
      user.id,
      LIMITS.generationsPerHour - LIMITS.generationsPerMinute,
    ]);
    expect(await generate(client, turma.id, 'Hora cheia: frações')).toMatchObject({ status: 429, body: { message: MSG.generationsPerHour } });
    expect(await credits(client)).toBe(start);
    expect(await plans(client)).toBe(0);

    // Past the hour, nothing counts any more.
    await sql(`update generation_requests set created_at = now() - interval '61 minutes' where user_id = ?`, [user.id]);
    expect((await generate(client, turma.id, 'Nova hora: frações')).status).toBe(202);
  }, 120000);

  it('a wholly failed plan gives its credit back; after 3 in an hour the next generations answer 429 until the hour passes', async () => {
    const { client, turma, user } = await teacherWithTurma(api, { ano: '5' });
    ai.script({ match: 'Sempre falha', status: 500, times: 1000 });
    const start = await credits(client);
    for (let i = 1; i <= LIMITS.generationsFailedPerHour; i++) {
      const plan = await waitForPlan(client, await requestPlan(client, generateRequest(turma.id, [`Sempre falha ${i}: frações`])));
      expect(plan.generation).toMatchObject({ state: 'failed', creditRefunded: true });
      expect(await credits(client)).toBe(start);
    }
    // Deleting the failed plans does not take the failures back.
    for (const plan of (await client.get<Plano[]>('/api/planos')).body) expect((await client.delete(`/api/planos/${plan.id}`)).status).toBe(204);
    expect(await generate(client, turma.id, 'Funciona: medidas')).toMatchObject({ status: 429, body: { message: MSG.generationsFailed } });
    expect(await assess(client, turma.id)).toMatchObject({ status: 429, body: { message: MSG.generationsFailed } });
    expect(await credits(client)).toBe(start);
    expect(await plans(client)).toBe(0);

    await sql(`update generation_requests set created_at = now() - interval '61 minutes' where user_id = ?`, [user.id]);
    const plan = await waitForPlan(client, await requestPlan(client, generateRequest(turma.id, ['Funciona: medidas'])));
    expect(plan.generation.state).toBe('done');
    ai.reset();
  }, 120000);
});
