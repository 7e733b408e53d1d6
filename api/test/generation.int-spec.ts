import { io, type Socket } from 'socket.io-client';
import { MSG, type Plano, type PlanProgressEvent, type PublicUser } from '@planejador/contracts';
import { JOBS, QUEUES } from '@planejador/queue';
import { CreditsRepository } from '@planejador/db';
import { generateRequest, requestPlan, startSharedStack, teacherWithTurma, waitFor, waitForPlan, waitForSchedulerRun, type FakeAi, type TestStack } from '@planejador/testing';

const PROMPTS = [
  'Bingo das frações com a turma',
  'Frações equivalentes com tiras de papel',
  'Problemas de adição e subtração com números naturais',
  'Medidas de comprimento: medir a sala com trena',
  'Leitura de gráficos de colunas sobre a turma',
  'Multiplicação com malha quadriculada',
  'Divisão em partes iguais repartindo balas',
  'Números decimais no sistema monetário: mercadinho',
  'Porcentagem em promoções de folhetos',
  'Figuras planas: polígonos no geoplano',
  'Ângulos retos com dobraduras',
  'Probabilidade com lançamento de dados',
  'Área e perímetro do pátio da escola',
  'Sequências numéricas e padrões',
  'Volume com cubinhos de material dourado',
];

describe('plan generation: api, queue, worker process, fake AI and live progress', () => {
  let api: TestStack;
  let ai: FakeAi;

  beforeAll(async () => {
    api = await startSharedStack({ ai: 'fake' });
    ai = api.ai!;
  });
  afterAll(() => api?.close());

  it('generates a 15-lesson plan whose every skill is a real BNCC skill of that year and subject', async () => {
    const { client, turma } = await teacherWithTurma(api, { ano: '5' });
    const res = await client.post<{ id: string }>('/api/planos/generate', generateRequest(turma.id, PROMPTS, { limitOneSkill: true }));
    expect(res.status).toBe(202);
    const early = await client.get<Plano>(`/api/planos/${res.body.id}`);
    expect(['queued', 'running', 'done']).toContain(early.body.generation.state);
    expect(early.body.generation.total).toBe(15);

    const plan = await waitForPlan(client, res.body.id);
    expect(plan.generation).toMatchObject({ state: 'done', done: 15, total: 15 });
    expect(plan.status).toBe('gerado');
    expect(plan.generator).toBe('openai');
    expect(plan.aulas.map((a) => a.numeroAula)).toEqual(PROMPTS.map((_, i) => i + 1));

    const rows = await api.orm.em.fork().getConnection().execute<{ code: string; ok: boolean }[]>(
      `select c.code, (s.code is not null and s.years @> '[5]'::jsonb and s.component = 'matematica') as ok
         from aulas a cross join lateral jsonb_array_elements_text(a.habilidade_codes) as c(code)
         left join curriculum_skills s on s.code = c.code
        where a.plano_id = ?`,
      [plan.id],
    );
    expect(rows).toHaveLength(15); // limitOneSkill: exactly one per lesson
    expect(rows.every((r) => r.ok)).toBe(true);
    for (const aula of plan.aulas) {
      // The official text is written by the server, next to the code.
      expect(aula.habilidades).toContain(`(${aula.habilidadeCodes[0]})`);
      expect(aula.objetivos?.length).toBeGreaterThan(0);
    }
    const me = await client.get<PublicUser>('/api/auth/user');
    expect(me.body.credits).toBe(34);
  });

  it('never stores an invented skill code: the answer is retried', async () => {
    const { client, turma, user } = await teacherWithTurma(api, { ano: '5' });
    ai.script({
      match: 'Jogo inventado',
      times: 2,
      content: { habilidades: ['EF99XX99'], objetivos: 'x', objetosConhecimento: 'x', experiencias: 'x', evidencias: 'x' },
    });
    const plan = await waitForPlan(client, await requestPlan(client, generateRequest(turma.id, ['Jogo inventado de frações'])));
    expect(plan.generation.state).toBe('done');
    expect(plan.aulas[0].habilidadeCodes).not.toContain('EF99XX99');
    // The lessons of this file's teacher (the shared stack's database holds other files' lessons too).
    const [{ count }] = await api.orm.em.fork().getConnection().execute(
      `select count(*)::int as count from aulas a join planos_aula p on p.id = a.plano_id
        where p.user_id = ? and (a.habilidade_codes @> '["EF99XX99"]'::jsonb or a.habilidades like '%EF99XX99%')`,
      [user.id],
    );
    expect(count).toBe(0);
    expect(ai.calls.filter((c) => c.text.includes('Jogo inventado')).length).toBeGreaterThanOrEqual(3);
  });

  it('retries 429 and 500 answers', async () => {
    const { client, turma } = await teacherWithTurma(api, { ano: '5' });
    ai.script({ match: 'Aula com limite', status: 429, headers: { 'retry-after-ms': '50' }, times: 1 }, { match: 'Aula com erro', status: 500, times: 2 });
    const plan = await waitForPlan(client, await requestPlan(client, generateRequest(turma.id, ['Aula com limite de frações', 'Aula com erro de medidas'])));
    expect(plan.generation).toMatchObject({ state: 'done', done: 2, total: 2 });
    expect(ai.calls.filter((c) => c.text.includes('Aula com limite') && c.outcome === 'status 429')).toHaveLength(1);
    expect(ai.calls.filter((c) => c.text.includes('Aula com erro') && c.outcome === 'status 500')).toHaveLength(2);
  });

  it('ends a plan whose lessons all keep failing as failed, with the credit back exactly once', async () => {
    const { client, turma } = await teacherWithTurma(api, { ano: '5' });
    ai.script({ match: 'Sempre falha', status: 500, times: 1000 });
    const res = await client.post<{ id: string }>('/api/planos/generate', generateRequest(turma.id, ['Sempre falha: frações', 'Sempre falha: números naturais']));
    expect((await client.get<PublicUser>('/api/auth/user')).body.credits).toBe(34);
    const plan = await waitForPlan(client, res.body.id, { states: ['failed'], timeoutMs: 90000 });
    expect(plan.generation.state).toBe('failed');
    expect(plan.generation.creditRefunded).toBe(true);
    expect(plan.generation.error).toMatch(/IA/);
    const me = await client.get<PublicUser>('/api/auth/user');
    expect(me.body.credits).toBe(35);
    // No second refund once the sweeper has looked at it again: a whole sweep that started after the refund.
    await waitForSchedulerRun(api.jobs.queue(QUEUES.maintenance), JOBS.sweepPlans);
    expect((await client.get<PublicUser>('/api/auth/user')).body.credits).toBe(35);
  }, 120000);

  it('with 1 credit left, two concurrent requests make exactly one plan', async () => {
    const { client, turma, user } = await teacherWithTurma(api, { ano: '5' });
    expect(await api.repository(CreditsRepository).chargeCredits(user.id, user.credits - 1)).toBe(true);
    const [a, b] = await Promise.all([
      client.post<{ id?: string; message?: string }>('/api/planos/generate', generateRequest(turma.id, ['Frações A'])),
      client.post<{ id?: string; message?: string }>('/api/planos/generate', generateRequest(turma.id, ['Frações B'])),
    ]);
    expect([a.status, b.status].sort()).toEqual([202, 402]);
    const refused = a.status === 402 ? a : b;
    expect(refused.body.message).toBe(MSG.insufficientCredits);
    const plans = await client.get<unknown[]>('/api/planos');
    expect(plans.body).toHaveLength(1);
    expect((await client.get<PublicUser>('/api/auth/user')).body.credits).toBe(0);
  });

  it('a repeated Idempotency-Key makes one plan and takes one credit', async () => {
    const { client, turma } = await teacherWithTurma(api, { ano: '5' });
    const body = generateRequest(turma.id, ['Frações com pizza']);
    const key = { 'idempotency-key': `gen-${Date.now()}-abc` };
    const [r1, r2] = await Promise.all([client.post<{ id: string }>('/api/planos/generate', body, key), client.post<{ id: string }>('/api/planos/generate', body, key)]);
    const r3 = await client.post<{ id: string }>('/api/planos/generate', body, key);
    // The statuses and bodies in the failure message, if it ever fails (it did once, at load 18, not reproduced alone).
    const answers = [r1, r2, r3].map((r) => ({ status: r.status, id: r.body.id ?? JSON.stringify(r.body) }));
    expect({ answers, plans: new Set(answers.map((a) => a.id)).size }).toMatchObject({ plans: 1 });
    expect((await client.get<unknown[]>('/api/planos')).body).toHaveLength(1);
    expect((await client.get<PublicUser>('/api/auth/user')).body.credits).toBe(34);
    const bad = await client.post<{ message: string }>('/api/planos/generate', body, { 'idempotency-key': 'x' });
    expect(bad.status).toBe(400);
  });

  it('refuses invalid generate requests with the spec messages and takes no credit', async () => {
    const { client, turma } = await teacherWithTurma(api, { ano: '5' });
    const cases: [Record<string, unknown>, string][] = [
      [generateRequest(turma.id, []), MSG.aulasMin],
      [generateRequest(turma.id, Array.from({ length: 16 }, (_, i) => `Aula ${i}`)), MSG.aulasMax],
      [generateRequest(turma.id, ['  ']), MSG.promptRequired],
      [generateRequest(turma.id, ['x'], { materiaGeral: '' }), MSG.materiaGeralRequired],
      [generateRequest(turma.id, ['x'], { temaPrincipal: 'ab' }), MSG.temaPrincipalLength],
      [generateRequest('', ['x']), MSG.turmaRequired],
      [generateRequest(turma.id, ['x'], { nivelDetalhamento: 9 }), MSG.nivelInvalid],
    ];
    for (const [body, message] of cases) {
      const res = await client.post<{ message: string; issues: { message: string }[] }>('/api/planos/generate', body);
      expect(res.status).toBe(400);
      expect(res.body.issues.map((i) => i.message)).toContain(message);
    }
    const other = await teacherWithTurma(api, { ano: '5' });
    const foreign = await client.post<{ message: string }>('/api/planos/generate', generateRequest(other.turma.id, ['x']));
    expect(foreign.status).toBe(404);
    expect((await client.get<PublicUser>('/api/auth/user')).body.credits).toBe(35);
    expect((await client.get<unknown[]>('/api/planos')).body).toHaveLength(0);
  });

  it("sends progress only to the plan's owner", async () => {
    const owner = await teacherWithTurma(api, { ano: '5' });
    const stranger = await teacherWithTurma(api, { ano: '5' });
    const connect = (cookie: string) =>
      new Promise<Socket>((resolve, reject) => {
        const socket = io(api.url, { transports: ['websocket'], extraHeaders: { cookie }, reconnection: false });
        socket.on('connect', () => resolve(socket));
        socket.on('connect_error', reject);
      });
    const ownerSocket = await connect(owner.client.cookieHeader);
    const strangerSocket = await connect(stranger.client.cookieHeader);
    const ownerEvents: PlanProgressEvent[] = [];
    const strangerEvents: PlanProgressEvent[] = [];
    ownerSocket.on('plan:progress', (e: PlanProgressEvent) => ownerEvents.push(e));
    strangerSocket.on('plan:progress', (e: PlanProgressEvent) => strangerEvents.push(e));
    try {
      const res = await owner.client.post<{ id: string }>('/api/planos/generate', generateRequest(owner.turma.id, ['Frações 1', 'Frações 2', 'Frações 3']));
      await waitFor(() => ownerEvents.some((e) => e.planId === res.body.id && e.type === 'done'), { what: 'done event' });
      const types = ownerEvents.filter((e) => e.planId === res.body.id).map((e) => e.type);
      expect(types.filter((t) => t === 'lesson-done')).toHaveLength(3);
      expect(types).toContain('lesson-started');
      expect(strangerEvents).toHaveLength(0);
    } finally {
      ownerSocket.close();
      strangerSocket.close();
    }
    // A socket without a session is refused.
    const anonymous = io(api.url, { transports: ['websocket'], reconnection: false });
    await waitFor(() => anonymous.disconnected && !anonymous.active, { what: 'anonymous socket to be dropped', timeoutMs: 5000 }).finally(() => anonymous.close());
  });
});
