import { io, type Socket } from 'socket.io-client';
import { LIMITS, MSG, type Aula, type AulaVersao, type LessonProgressEvent, type Plano, type PublicUser } from '@planejador/contracts';
import { QUEUES } from '@planejador/queue';
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
  type LessonRequest,
  type ManagedProcess,
  type TestClient,
  type TestStack,
} from '@planejador/testing';
import { startApi, type ApiHarness } from './api-harness';

/** Issue 13: pins, the whole pool, partial failure, regeneration (lesson and field), credits, versions, edits. */

const FIELDS = ['habilidades', 'objetivos', 'objetosConhecimento', 'experiencias', 'evidencias'] as const;

/** Every plan of this file: theme 'Tema', without the SEDUC-RS preference. */
const OPTIONS = { temaPrincipal: 'Tema', preferirSeduc: false };

async function waitForLesson(client: TestClient, planId: string, aulaId: string, versao?: number) {
  return waitFor(
    async () => {
      const plan = (await client.get<Plano>(`/api/planos/${planId}`)).body;
      const aula = plan.aulas.find((a) => a.id === aulaId)!;
      if (aula.generation.state === 'queued' || aula.generation.state === 'running') return null;
      if (versao !== undefined && aula.versao < versao && aula.generation.state === 'done' && !aula.generation.error) return null;
      return { plan, aula };
    },
    { timeoutMs: 60000, intervalMs: 150, what: `lesson ${aulaId}` },
  );
}

const content = (a: Aula) => Object.fromEntries([...FIELDS.map((f) => [f, a[f]]), ['habilidadeCodes', a.habilidadeCodes]]);

async function generated(client: TestClient, turmaId: string, lessons: LessonRequest[]) {
  return waitForPlan(client, await requestPlan(client, generateRequest(turmaId, lessons, OPTIONS)));
}

const TITLE = 'lesson control: pins, regeneration, versions (api, queue, worker, fake AI)';
/** The file's own database: the shared stack's set-up points DATABASE_URL at the stack's. */
const fileDatabaseUrl = process.env.DATABASE_URL!;

describe(TITLE, () => {
  let api: TestStack;
  let ai: FakeAi;

  beforeAll(async () => {
    api = await startSharedStack({ ai: 'fake' });
    ai = api.ai!;
  });
  afterAll(() => api?.close());

  /** A test's socket.io connection as the teacher, closed after it. */
  let socket: Socket | undefined;
  afterEach(() => {
    socket?.close();
    socket = undefined;
  });

  const credits = async (client: TestClient) => (await client.get<PublicUser>('/api/auth/user')).body.credits;

  it('honours pinned skills and offers the AI the whole pool of the year and subject', async () => {
    const { client, turma } = await teacherWithTurma(api, { ano: '5' });
    const plan = await generated(client, turma.id, [
      { prompt: 'Pinned: receitas com medidas', habilidadesFixadas: ['EF05MA19', 'EF05MA03'] },
      'Pool: bingo das frações',
    ]);
    expect(plan.generation.state).toBe('done');
    const [pinned, free] = plan.aulas;
    expect(pinned.habilidadeCodes).toEqual(['EF05MA19', 'EF05MA03']);
    expect(pinned.habilidadesFixadas).toEqual(['EF05MA19', 'EF05MA03']);
    expect(pinned.habilidades).toContain('(EF05MA19)');
    expect(pinned.versao).toBe(1);

    const [{ count }] = await api.orm.em.fork().getConnection().execute<{ count: number }[]>(
      `select count(*)::int as count from curriculum_skills where component = 'matematica' and years @> '[5]'::jsonb`,
    );
    const poolCall = ai.calls.find((c) => c.text.includes('Pool: bingo'))!;
    const schema = (poolCall.body as { response_format: { json_schema: { schema: { properties: { habilidades: { items: { enum: string[] } } } } } } })
      .response_format.json_schema.schema;
    expect(schema.properties.habilidades.items.enum).toHaveLength(count);
    expect((poolCall.body as { max_tokens?: number }).max_tokens).toBeGreaterThan(0);
    const pinnedCall = ai.calls.find((c) => c.text.includes('Pinned: receitas'))!;
    expect((pinnedCall.body as { response_format: { json_schema: { schema: { properties: object } } } }).response_format.json_schema.schema.properties).not.toHaveProperty('habilidades');
    expect(free.habilidadeCodes).toHaveLength(1);
  });

  it('refuses pins of another year and a year without skills of the subject, charging nothing', async () => {
    const { client, turma } = await teacherWithTurma(api, { ano: '5' });
    const before = await credits(client);
    const wrong = await client.post<{ message: string }>('/api/planos/generate', generateRequest(turma.id, [{ prompt: 'Frações', habilidadesFixadas: ['EF06MA01'] }], OPTIONS));
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('A habilidade EF06MA01 não é do 5º ano de Matemática.');
    const early = await teacherWithTurma(api, { ano: '2' });
    const english = await early.client.post<{ message: string }>('/api/planos/generate', generateRequest(early.turma.id, [{ prompt: 'Colors song', materia: 'ingles' }], { ...OPTIONS, materiaGeral: 'ingles' }));
    expect(english.status).toBe(400);
    expect(english.body.message).toBe('Não há habilidades da BNCC de Inglês para o 2º ano.');
    expect(await credits(client)).toBe(before);
    expect(await credits(early.client)).toBe(before);
    expect((await client.get<unknown[]>('/api/planos')).body).toHaveLength(0);
  });

  it('a plan whose lessons partly fail ends done; the failed lesson regenerates for free (one of its 3)', async () => {
    const { client, turma } = await teacherWithTurma(api, { ano: '5' });
    // Fails through every AI retry of every job attempt: the plan settles for the lesson it has.
    ai.script({ match: 'Parcial quebra', status: 500, times: 1000 });
    const plan = await generated(client, turma.id, ['Parcial ok: frações', 'Parcial quebra: medidas']);
    expect(plan.generation).toMatchObject({ state: 'done', done: 1, total: 2 });
    expect(plan.status).toBe('gerado');
    const failed = plan.aulas[1];
    expect(failed.generation.state).toBe('failed');
    expect(failed.generation.error).toBeTruthy();
    const before = await credits(client);
    ai.reset();
    const res = await client.post<{ jobId: string }>(`/api/planos/${plan.id}/aulas/${failed.id}/regenerar`, {});
    expect(res.status).toBe(202);
    const { aula } = await waitForLesson(client, plan.id, failed.id, 1);
    expect(aula.generation.state).toBe('done');
    expect(aula.versao).toBe(1);
    // Counted among its free regenerations (a failed lesson's count the same way).
    expect(aula.regeneracoes).toBe(1);
    expect(await credits(client)).toBe(before);
  });

  it('regenerates one lesson with an instruction, leaves every other lesson byte-identical, and can be undone', async () => {
    const { client, turma } = await teacherWithTurma(api, { ano: '5' });
    const plan = await generated(client, turma.id, ['Uma: frações com pizza', 'Duas: medidas com trena', 'Três: gráficos de colunas']);
    const [first, target, third] = plan.aulas;
    socket = await new Promise<Socket>((resolve, reject) => {
      const s = io(api.url, { transports: ['websocket'], extraHeaders: { cookie: client.cookieHeader }, reconnection: false });
      s.on('connect', () => resolve(s));
      s.on('connect_error', reject);
    });
    const events: LessonProgressEvent[] = [];
    socket.on('lesson:progress', (e: LessonProgressEvent) => events.push(e));
    ai.script({
      match: 'mais prática, com experimento',
      content: { habilidades: ['EF05MA04'], objetivos: 'Novo objetivo prático', experiencias: 'Experimento de medir a sala', evidencias: 'Mediram' },
    });
    const res = await client.post<{ jobId: string }>(`/api/planos/${plan.id}/aulas/${target.id}/regenerar`, { instrucao: 'mais prática, com experimento' });
    expect(res.status).toBe(202);
    expect(res.body.jobId).toMatch(new RegExp(`^aula-${target.id}-`));
    const again = await client.post<{ message: string }>(`/api/planos/${plan.id}/aulas/${target.id}/regenerar`, {});
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(MSG.aulaRegenerating);
    const { plan: after, aula } = await waitForLesson(client, plan.id, target.id, 2);
    expect(aula.versao).toBe(2);
    expect(aula.objetivos).toBe('Novo objetivo prático');
    expect(aula.habilidadeCodes).toEqual(['EF05MA04']);
    expect(aula.regeneracoes).toBe(1);
    expect(content(after.aulas[0])).toEqual(content(first));
    expect(content(after.aulas[2])).toEqual(content(third));
    expect(after.aulas[0].versao).toBe(1);
    // The 'done' event carries the lesson as stored, exactly as the plan's GET gives it (the page shows it without a
    // GET); the other events stay small.
    const done = await waitFor(() => events.find((e) => e.aulaId === target.id && e.type === 'done') ?? null, { what: "lesson's done event" });
    expect(done).toMatchObject({ planId: plan.id, jobId: res.body.jobId, state: 'done', versao: 2 });
    expect(done.aula).toEqual(aula);
    expect(events.filter((e) => e.type !== 'done').every((e) => e.aula === undefined)).toBe(true);
    expect(events.map((e) => e.type)).toContain('started');

    const versions = (await client.get<AulaVersao[]>(`/api/planos/${plan.id}/aulas/${target.id}/versoes`)).body;
    expect(versions.map((v) => [v.versao, v.origem])).toEqual([[2, 'regeneracao'], [1, 'geracao']]);
    expect(versions[0].instrucao).toBe('mais prática, com experimento');
    expect(versions[1].objetivos).toBe(target.objetivos);

    const undo = await client.post<Aula>(`/api/planos/${plan.id}/aulas/${target.id}/versoes/1/restaurar`, {});
    expect(undo.status).toBe(200);
    expect(undo.body.versao).toBe(3);
    expect(content(undo.body)).toEqual(content(target));
    const list = (await client.get<AulaVersao[]>(`/api/planos/${plan.id}/aulas/${target.id}/versoes`)).body;
    expect(list[0]).toMatchObject({ versao: 3, origem: 'restauracao' });
    const missing = await client.post<{ message: string }>(`/api/planos/${plan.id}/aulas/${target.id}/versoes/99/restaurar`, {});
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(MSG.versaoNotFound);
  });

  it('regenerates one field only: the other lessons and the other four fields and skills stay byte-identical', async () => {
    const { client, turma } = await teacherWithTurma(api, { ano: '5' });
    const plan = await generated(client, turma.id, ['Campo um: frações equivalentes', 'Campo dois: medidas de massa', 'Campo três: gráficos']);
    const lesson = plan.aulas[1];
    ai.script({
      match: 'Reescreva somente o campo "Evidências de Aprendizagem"',
      content: { objetivos: 'IGNORADO', experiencias: 'IGNORADO', evidencias: 'Evidência nova e observável' },
    });
    expect((await client.post(`/api/planos/${plan.id}/aulas/${lesson.id}/regenerar`, { campo: 'evidencias' })).status).toBe(202);
    const { plan: after, aula } = await waitForLesson(client, plan.id, lesson.id, 2);
    expect(aula.evidencias).toBe('Evidência nova e observável');
    expect(aula.versao).toBe(2);
    for (const field of ['habilidades', 'objetivos', 'objetosConhecimento', 'experiencias'] as const) expect(aula[field]).toBe(lesson[field]);
    expect(JSON.stringify(aula.habilidadeCodes)).toBe(JSON.stringify(lesson.habilidadeCodes));
    // Every other lesson, as the API returns it, is the same to the byte (content, version, state, dates).
    for (const other of plan.aulas.filter((a) => a.id !== lesson.id)) {
      expect(JSON.stringify(after.aulas.find((a) => a.id === other.id))).toBe(JSON.stringify(other));
    }
  });

  it('regenerates with pinned skills: the lesson then cites exactly them; a code of another year is refused', async () => {
    const { client, turma } = await teacherWithTurma(api, { ano: '5' });
    const plan = await generated(client, turma.id, ['Fixar ao regenerar: medidas']);
    const [lesson] = plan.aulas;
    const wrong = await client.post<{ message: string }>(`/api/planos/${plan.id}/aulas/${lesson.id}/regenerar`, { habilidadesFixadas: ['EF06MA01'] });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('A habilidade EF06MA01 não é do 5º ano de Matemática.');
    expect((await client.get<Plano>(`/api/planos/${plan.id}`)).body).toEqual(plan);

    const pins = ['EF05MA19', 'EF05MA08'];
    expect((await client.post(`/api/planos/${plan.id}/aulas/${lesson.id}/regenerar`, { habilidadesFixadas: pins })).status).toBe(202);
    const { aula } = await waitForLesson(client, plan.id, lesson.id, 2);
    expect(aula.habilidadeCodes).toEqual(pins);
    expect(aula.habilidadesFixadas).toEqual(pins);
    for (const code of pins) expect(aula.habilidades).toContain(`(${code})`);
    expect((aula.habilidades ?? '').match(/\(EF\d\d[A-Z]{2}\d\d\)/g)).toHaveLength(2);
  });

  it('refuses an instruction over 500 characters and an unknown field with 400, changing nothing', async () => {
    const { client, turma } = await teacherWithTurma(api, { ano: '5' });
    const plan = await generated(client, turma.id, ['Recusa: frações', 'Recusa: medidas']);
    const [lesson] = plan.aulas;
    const before = await credits(client);
    const callsBefore = ai.calls.length;
    const long = await client.post<{ message: string }>(`/api/planos/${plan.id}/aulas/${lesson.id}/regenerar`, {
      instrucao: 'x'.repeat(LIMITS.instrucaoMax + 1),
    });
    expect(long.status).toBe(400);
    expect(long.body.message).toBe(MSG.instrucaoTooLong);
    const campo = await client.post<{ message: string }>(`/api/planos/${plan.id}/aulas/${lesson.id}/regenerar`, { campo: 'titulo' });
    expect(campo.status).toBe(400);
    expect(campo.body.message).toBe(MSG.campoInvalid);
    expect((await client.get<Plano>(`/api/planos/${plan.id}`)).body).toEqual(plan);
    expect((await client.get<AulaVersao[]>(`/api/planos/${plan.id}/aulas/${lesson.id}/versoes`)).body.map((v) => v.versao)).toEqual([1]);
    expect(await credits(client)).toBe(before);
    expect(ai.calls.length).toBe(callsBefore);
  });

  it('a plan whose lessons all failed (credit returned) gives no free regenerations: 409, nothing charged or queued', async () => {
    const { client, turma } = await teacherWithTurma(api, { ano: '5' });
    const start = await credits(client);
    ai.script({ match: 'Tudo falha', status: 500, times: 1000 });
    const plan = await generated(client, turma.id, ['Tudo falha: frações', 'Tudo falha: medidas']);
    expect(plan.generation).toMatchObject({ state: 'failed', creditRefunded: true });
    expect(await credits(client)).toBe(start);
    ai.reset();
    for (const aula of plan.aulas) {
      const res = await client.post<{ message: string }>(`/api/planos/${plan.id}/aulas/${aula.id}/regenerar`, {});
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(MSG.planoFailedNoRegeneration);
    }
    const after = (await client.get<Plano>(`/api/planos/${plan.id}`)).body;
    expect(after.aulas.map((a) => [a.generation.state, a.regeneracoes, a.versao])).toEqual([['failed', 0, 0], ['failed', 0, 0]]);
    expect(await credits(client)).toBe(start);
    expect(ai.calls).toHaveLength(0);
  }, 90000);

  it(`gives ${LIMITS.freeRegenerations} free regenerations per lesson, then takes a credit; none left: 402; two at once: one queued`, async () => {
    const { client, turma, user } = await teacherWithTurma(api, { ano: '5' });
    const plan = await generated(client, turma.id, ['Créditos: frações']);
    const [lesson] = plan.aulas;
    const start = await credits(client);
    for (let i = 1; i <= LIMITS.freeRegenerations; i++) {
      expect((await client.post(`/api/planos/${plan.id}/aulas/${lesson.id}/regenerar`, {})).status).toBe(202);
      await waitForLesson(client, plan.id, lesson.id, i + 1);
    }
    expect(await credits(client)).toBe(start);
    const [a, b] = await Promise.all([
      client.post(`/api/planos/${plan.id}/aulas/${lesson.id}/regenerar`, {}),
      client.post(`/api/planos/${plan.id}/aulas/${lesson.id}/regenerar`, {}),
    ]);
    expect([a.status, b.status].sort()).toEqual([202, 409]);
    expect(await credits(client)).toBe(start - 1);
    await waitForLesson(client, plan.id, lesson.id, LIMITS.freeRegenerations + 2);
    await api.orm.em.fork().getConnection().execute(`update users set credits = 0 where id = ?`, [user.id]);
    const broke = await client.post<{ message: string }>(`/api/planos/${plan.id}/aulas/${lesson.id}/regenerar`, {});
    expect(broke.status).toBe(402);
    expect(broke.body.message).toBe(MSG.regenerationInsufficientCredits);
  });

  it('a regeneration that fails for good keeps the previous content and gives the credit back once', async () => {
    const { client, turma } = await teacherWithTurma(api, { ano: '5' });
    const plan = await generated(client, turma.id, ['Falha na regeneração: frações']);
    const [lesson] = plan.aulas;
    await api.orm.em.fork().getConnection().execute(`update aulas set regeneracoes = ? where id = ?`, [LIMITS.freeRegenerations, lesson.id]);
    const start = await credits(client);
    ai.script({ match: 'Pedido do professor', status: 500, times: 1000 });
    const res = await client.post<{ jobId: string }>(`/api/planos/${plan.id}/aulas/${lesson.id}/regenerar`, { instrucao: 'Pedido que falha' });
    expect(res.status).toBe(202);
    expect(await credits(client)).toBe(start - 1);
    const { aula } = await waitForLesson(client, plan.id, lesson.id);
    ai.reset();
    expect(aula.generation).toMatchObject({ state: 'done', error: MSG.regenerationFailedKept });
    expect(content(aula)).toEqual(content(lesson));
    expect(aula.versao).toBe(1);
    // Once the job has ended in BullMQ no attempt follows: the credit came back once, not once per attempt.
    const queue = api.jobs.queue(QUEUES.generation);
    await waitFor(async () => ['completed', 'failed'].includes(await queue.getJobState(res.body.jobId)), { timeoutMs: 30000, what: 'the regeneration job to end' });
    expect(await credits(client)).toBe(start);
  }, 90000);

  it('saving a changed skill stores its official text, refuses another year, versions only changed lessons', async () => {
    const { client, turma } = await teacherWithTurma(api, { ano: '5' });
    const plan = await generated(client, turma.id, ['Edição: frações', 'Intocada: medidas']);
    const [edited, untouched] = plan.aulas;
    const toInput = (a: Aula) => ({ id: a.id, habilidades: a.habilidades, objetivos: a.objetivos, objetosConhecimento: a.objetosConhecimento, experiencias: a.experiencias, evidencias: a.evidencias });
    const wrong = await client.put<{ message: string }>(`/api/planos/${plan.id}`, { status: 'salvo', aulas: [{ ...toInput(edited), habilidadeCodes: ['EF06MA01'] }, toInput(untouched)] });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('A habilidade EF06MA01 não é do 5º ano de Matemática.');
    const saved = await client.put<Plano>(`/api/planos/${plan.id}`, {
      status: 'salvo',
      aulas: [{ ...toInput(edited), objetivos: 'Meu objetivo', habilidadeCodes: ['EF05MA08'] }, toInput(untouched)],
    });
    expect(saved.status).toBe(200);
    const [a, b] = saved.body.aulas;
    expect(a.habilidadeCodes).toEqual(['EF05MA08']);
    expect(a.habilidades).toMatch(/^\(EF05MA08\) /);
    expect(a.objetivos).toBe('Meu objetivo');
    expect(a.versao).toBe(2);
    expect(b.versao).toBe(1);
    const versions = (await client.get<AulaVersao[]>(`/api/planos/${plan.id}/aulas/${edited.id}/versoes`)).body;
    expect(versions.map((v) => v.origem)).toEqual(['edicao', 'geracao']);
  });

  it('a save with a lesson version older than the stored one answers 409 and changes nothing; a save of the changed lesson alone keeps the regeneration', async () => {
    const { client, turma } = await teacherWithTurma(api, { ano: '5' });
    const plan = await generated(client, turma.id, ['Versão um: frações', 'Versão dois: medidas']);
    const [first, second] = plan.aulas;
    ai.script({
      match: 'com trena de verdade',
      content: { habilidades: ['EF05MA19'], objetivos: 'Objetivo regenerado', experiencias: 'Medir a sala', evidencias: 'Tabela' },
    });
    expect((await client.post(`/api/planos/${plan.id}/aulas/${second.id}/regenerar`, { instrucao: 'com trena de verdade' })).status).toBe(202);
    const { plan: regenerated } = await waitForLesson(client, plan.id, second.id, 2);
    expect(regenerated.aulas[1]).toMatchObject({ versao: 2, objetivos: 'Objetivo regenerado' });

    // The page still shows both lessons at version 1 and sends every lesson's texts with the version it shows.
    const texts = (a: Aula) => ({ id: a.id, habilidades: a.habilidades, objetivos: a.objetivos, objetosConhecimento: a.objetosConhecimento, experiencias: a.experiencias, evidencias: a.evidencias });
    const stale = await client.put<{ message: string }>(`/api/planos/${plan.id}`, {
      status: 'salvo',
      trimestre: 1,
      aulas: [{ ...texts(first), objetivos: 'Meu objetivo', versao: 1 }, { ...texts(second), versao: 1 }],
    });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(MSG.aulaVersaoConflict(2));
    // Nothing changed: not lesson 1 (listed before the stale one), not the plan's fields or status, no version kept.
    expect((await client.get<Plano>(`/api/planos/${plan.id}`)).body).toEqual(regenerated);
    const versions = async (a: Aula) => (await client.get<AulaVersao[]>(`/api/planos/${plan.id}/aulas/${a.id}/versoes`)).body.map((v) => [v.versao, v.origem]);
    expect(await versions(first)).toEqual([[1, 'geracao']]);
    expect(await versions(second)).toEqual([[2, 'regeneracao'], [1, 'geracao']]);

    // Only the lesson the teacher changed, at the version it was edited on: saved, and lesson 2 keeps its new text.
    const saved = await client.put<Plano>(`/api/planos/${plan.id}`, { status: 'salvo', aulas: [{ ...texts(first), objetivos: 'Meu objetivo', versao: 1 }] });
    expect(saved.status).toBe(200);
    expect(saved.body.status).toBe('salvo');
    expect(saved.body.aulas.map((a) => [a.versao, a.objetivos])).toEqual([[2, 'Meu objetivo'], [2, 'Objetivo regenerado']]);
    expect(await versions(second)).toEqual([[2, 'regeneracao'], [1, 'geracao']]);
    // The same request again is now stale for lesson 1 (saved at version 2).
    const again = await client.put<{ message: string }>(`/api/planos/${plan.id}`, { status: 'salvo', aulas: [{ ...texts(first), objetivos: 'Outra', versao: 1 }] });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(MSG.aulaVersaoConflict(1));
    expect((await client.get<Plano>(`/api/planos/${plan.id}`)).body.aulas[0].objetivos).toBe('Meu objetivo');
  });

  it('lessons of another teacher are not found', async () => {
    const owner = await teacherWithTurma(api, { ano: '5' });
    const plan = await generated(owner.client, owner.turma.id, ['Dono: frações']);
    const other = await teacherWithTurma(api, { ano: '5' });
    const lesson = plan.aulas[0];
    expect((await other.client.post(`/api/planos/${plan.id}/aulas/${lesson.id}/regenerar`, {})).status).toBe(404);
    expect((await other.client.get(`/api/planos/${plan.id}/aulas/${lesson.id}/versoes`)).status).toBe(404);
    expect((await other.client.post(`/api/planos/${plan.id}/aulas/${lesson.id}/versoes/1/restaurar`, {})).status).toBe(404);
  });
});

// Kills the worker: its own api, worker and fake AI on the file's database, not the shared stack.
describe(TITLE, () => {
  let api: ApiHarness;
  let ai: FakeAi;
  let worker: ManagedProcess;
  const env = (ai: FakeAi) => ({
    DATABASE_URL: fileDatabaseUrl,
    OPENAI_API_KEY: 'test-key',
    OPENAI_BASE_URL: ai.url,
    OPENAI_TIMEOUT_MS: '3000',
    AI_ATTEMPTS: '2',
    AI_RETRY_BASE_MS: '20',
    GENERATION_RETRY_BASE_MS: '50',
    LESSON_CONCURRENCY: '4',
    JOB_LOCK_MS: '2000',
    SWEEP_INTERVAL_MS: '1000',
  });

  beforeAll(async () => {
    process.env.DATABASE_URL = fileDatabaseUrl;
    ai = await startFakeAi({ latencyMs: 20 });
    api = await startApi(env(ai));
    worker = await spawnWorker(env(ai));
  });
  afterAll(async () => {
    await worker?.stop();
    await api?.close();
    await ai?.close();
  });

  it('a regeneration survives kill -9 of the worker', async () => {
    const { client, turma } = await teacherWithTurma(api, { ano: '5' });
    const plan = await generated(client, turma.id, ['Sobrevive: frações']);
    const [lesson] = plan.aulas;
    ai.script({ match: 'Pedido do professor', delayMs: 1500 });
    await client.post(`/api/planos/${plan.id}/aulas/${lesson.id}/regenerar`, { instrucao: 'com material dourado' });
    await waitFor(async () => ai.calls.some((c) => c.text.includes('com material dourado')), { timeoutMs: 10000, what: 'regeneration call' });
    await worker.stop('SIGKILL');
    worker = await spawnWorker(env(ai));
    const { aula } = await waitForLesson(client, plan.id, lesson.id, 2);
    expect(aula.generation.state).toBe('done');
    expect(aula.versao).toBe(2);
  }, 90000);
});
