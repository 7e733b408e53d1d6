import { LIMITS, MSG, turmaSchema } from '@planejador/contracts';
import { signUpTeacher, startSharedStack, turmaInput, waitFor, type TestStack } from '@planejador/testing';
import { TurmasRepository } from '@planejador/db';

interface TurmaBody {
  id: string;
  numero: string;
  observacoesAdicionais: string | null;
  _count: { planosAula: number };
}

describe('classes, stats, feedback and the frontend error log', () => {
  let api: TestStack;
  beforeAll(async () => {
    api = await startSharedStack({ ai: 'offline' });
  });
  afterAll(() => api?.close());

  it('answers 401 on every signed-in route when signed out', async () => {
    const c = api.client();
    const routes: [string, string][] = [
      ['GET', '/api/turmas'],
      ['POST', '/api/turmas'],
      ['PUT', '/api/turmas/00000000-0000-4000-8000-000000000000'],
      ['DELETE', '/api/turmas/00000000-0000-4000-8000-000000000000'],
      ['GET', '/api/user/stats'],
      ['POST', '/api/feedback'],
      ['GET', '/api/planos'],
      ['POST', '/api/planos/generate'],
      ['GET', '/api/auth/user'],
    ];
    for (const [method, path] of routes) {
      const res = await c.request<{ message: string }>(method, path, method === 'GET' || method === 'DELETE' ? undefined : {});
      expect([method, path, res.status]).toEqual([method, path, 401]);
      expect(res.body.message).toBe(MSG.unauthorized);
    }
  });

  it('creates, lists with plan counts, updates and deletes a class', async () => {
    const { client } = await signUpTeacher(api);
    const created = await client.post<TurmaBody>('/api/turmas', turmaInput());
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ numero: '51', estado: 'RS', instituicao: 'SEDUC-RS_2025', _count: { planosAula: 0 } });

    const list = await client.get<TurmaBody[]>('/api/turmas');
    expect(list.body).toHaveLength(1);
    expect(list.body[0]._count.planosAula).toBe(0);

    const updated = await client.put<TurmaBody>(`/api/turmas/${created.body.id}`, turmaInput({ numero: '52', observacoesAdicionais: '' }));
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ numero: '52', observacoesAdicionais: null });

    expect((await client.delete(`/api/turmas/${created.body.id}`)).status).toBe(204);
    expect((await client.get<TurmaBody[]>('/api/turmas')).body).toHaveLength(0);
  });

  it('refuses invalid classes with the spec messages and writes nothing', async () => {
    const { client } = await signUpTeacher(api);
    const cases: [Record<string, unknown>, string][] = [
      [turmaInput({ nomeProfessor: '  ' }), MSG.nomeProfessorRequired],
      [turmaInput({ numero: '' }), MSG.numeroRequired],
      [turmaInput({ escola: '' }), MSG.escolaRequired],
      [turmaInput({ ano: '10' }), 'O ano 10 não existe na etapa Ensino Fundamental (use de 1 a 9).'],
      [turmaInput({ estado: 'SP' }), MSG.estadoInvalid],
      [turmaInput({ instituicao: 'OUTRA' }), MSG.instituicaoInvalid],
    ];
    for (const [body, message] of cases) {
      const res = await client.post<{ message: string }>('/api/turmas', body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect((await client.get<TurmaBody[]>('/api/turmas')).body).toHaveLength(0);
  });

  it("answers zod's errors without a message of their own in Brazilian Portuguese (never European)", async () => {
    const { client } = await signUpTeacher(api);
    const wrongType = await client.post<{ message: string; issues: { path: string; message: string }[] }>(
      '/api/turmas',
      turmaInput({ observacoesAdicionais: 42 }),
    );
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.message).toBe('Informe um texto');
    expect(wrongType.body.issues).toEqual([{ path: 'observacoesAdicionais', message: 'Informe um texto' }]);
    expect((await client.get<TurmaBody[]>('/api/turmas')).body).toHaveLength(0);

    // The skill search's text has a length limit with no message of its own.
    const overlong = await client.get<{ message: string }>(`/api/habilidades?ano=5&materia=matematica&q=${'a'.repeat(501)}`);
    expect(overlong.status).toBe(400);
    expect(overlong.body.message).toBe('Texto muito longo (máx. 500 caracteres)');
    expect(JSON.stringify([wrongType.body, overlong.body])).not.toMatch(/Demasiado|Too big|Invalid input/);
  });

  it("answers 404 for another user's class, and changes nothing", async () => {
    const a = await signUpTeacher(api);
    const b = await signUpTeacher(api);
    const turma = (await a.client.post<TurmaBody>('/api/turmas', turmaInput())).body;
    expect((await b.client.put(`/api/turmas/${turma.id}`, turmaInput({ numero: '99' }))).status).toBe(404);
    expect((await b.client.delete(`/api/turmas/${turma.id}`)).status).toBe(404);
    expect((await b.client.put(`/api/turmas/nao-e-uuid`, turmaInput())).status).toBe(404);
    expect((await b.client.get<TurmaBody[]>('/api/turmas')).body).toHaveLength(0);
    const mine = await a.client.get<TurmaBody[]>('/api/turmas');
    expect(mine.body[0].numero).toBe('51');
  });

  it('refuses the same school and class number twice (409), on create and on edit', async () => {
    const { client } = await signUpTeacher(api);
    expect((await client.post('/api/turmas', turmaInput())).status).toBe(201);
    const twice = await client.post<{ message: string }>('/api/turmas', turmaInput({ escola: '  eeef tiradentes ', nomeProfessor: 'Outra' }));
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(MSG.turmaDuplicate('51', 'eeef tiradentes'));
    const other = await client.post<{ id: string }>('/api/turmas', turmaInput({ numero: '52' }));
    expect(other.status).toBe(201);
    expect((await client.put(`/api/turmas/${other.body.id}`, turmaInput({ numero: '51' }))).status).toBe(409);
    // Editing a class without changing its school and number is fine.
    expect((await client.put(`/api/turmas/${other.body.id}`, turmaInput({ numero: '52', observacoesAdicionais: 'Nova' }))).status).toBe(200);
    // Another teacher may have the same class.
    expect((await (await signUpTeacher(api)).client.post('/api/turmas', turmaInput())).status).toBe(201);
  });

  it(`keeps at most ${LIMITS.turmasMax} classes per user (409), also under concurrent requests`, async () => {
    const { client, user } = await signUpTeacher(api);
    // Straight through the repository: all but 2 of the allowed classes.
    const turmas = api.repository(TurmasRepository);
    for (let n = 1000; n <= 1000 + LIMITS.turmasMax - 3; n++) await turmas.insertTurma(user.id, turmaSchema.parse(turmaInput({ numero: String(n) })));
    const answers = await Promise.all([1, 2, 3, 4].map((i) => client.post<{ message: string }>('/api/turmas', turmaInput({ numero: `9${i}` }))));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 409, 409]);
    expect(answers.find((a) => a.status === 409)?.body.message).toBe(MSG.turmasLimit);
    expect((await client.get<unknown[]>('/api/turmas')).body).toHaveLength(LIMITS.turmasMax);
  });

  it('stores frontend-error URLs without their query strings and fragments', async () => {
    const c = api.client({ 'x-forwarded-for': '10.0.0.10' });
    const res = await c.post<{ id: string }>('/api/logs/frontend-error', {
      message: 'Falha em http://localhost/reset-password?token=segredo123',
      stack: 'Error\n at http://localhost/verificar-email?token=segredo456#x',
      url: 'http://localhost/reset-password?token=segredo123#topo',
    });
    expect(res.status).toBe(201);
    const [row] = await api.orm.em.fork().getConnection().execute<{ url: string; message: string; stack: string }[]>(
      `select url, message, stack from frontend_error_logs where id = ?`,
      [res.body.id],
    );
    expect(row.url).toBe('http://localhost/reset-password');
    expect(JSON.stringify(row)).not.toMatch(/segredo/);
  });

  it('stores at most 8 KB of each frontend-error field, scrubbed, relative paths and adversarial texts included', async () => {
    const c = api.client({ 'x-forwarded-for': '10.0.0.11' });
    const res = await c.post<{ id: string }>('/api/logs/frontend-error', {
      message: 'Falha em app/reset-password?token=segredo789 e code=segredo000',
      // Texts the old pattern backtracked on (0.4 s for one request): answered, stored cut to 8 KB.
      stack: 'a://'.repeat(5000),
      componentStack: `${'x'.repeat(19_900)} /verificar-email?token=segredo111`,
      url: '../reset-password?token=segredo222',
    });
    expect(res.status).toBe(201);
    const [row] = await api.orm.em.fork().getConnection().execute<{ url: string; message: string; stack: string; component_stack: string }[]>(
      `select url, message, stack, component_stack from frontend_error_logs where id = ?`,
      [res.body.id],
    );
    expect(row.message).toBe('Falha em app/reset-password e code=');
    expect(row.url).toBe('../reset-password');
    expect(Buffer.byteLength(row.stack)).toBe(8192);
    expect(row.component_stack).toBe('x'.repeat(8192));
    expect(JSON.stringify(row)).not.toMatch(/segredo/);
  });

  it('frontend-error reports older than 30 days are deleted by the worker (its periodic sweep, one worker at a time)', async () => {
    const post = async (message: string) =>
      (await api.client({ 'x-forwarded-for': '10.0.0.12' }).post<{ id: string }>('/api/logs/frontend-error', { message })).body.id;
    const old = await post('Antigo');
    const recent = await post('Recente');
    const sql = api.orm.em.fork().getConnection();
    await sql.execute(`update frontend_error_logs set created_at = now() - interval '31 days' where id = ?`, [old]);
    await sql.execute(`update frontend_error_logs set created_at = now() - interval '29 days' where id = ?`, [recent]);
    const ids = async () => (await sql.execute<{ id: string }[]>(`select id from frontend_error_logs where id in (?, ?)`, [old, recent])).map((r) => r.id);
    // The stack's worker sweeps every SWEEP_INTERVAL_MS.
    await waitFor(async () => !(await ids()).includes(old), { what: 'the old report to be deleted' });
    expect(await ids()).toEqual([recent]);
  });

  it('counts classes, plans, lessons and this month in the stats', async () => {
    const { client } = await signUpTeacher(api);
    await client.post('/api/turmas', turmaInput());
    const stats = await client.get('/api/user/stats');
    expect(stats.status).toBe(200);
    expect(stats.body).toEqual({ turmas: 1, planos: 0, aulas: 0, mesAtual: 0 });
  });

  it('stores feedback from 1 to 5 stars and refuses 0', async () => {
    const { client, user } = await signUpTeacher(api);
    const zero = await client.post<{ message: string }>('/api/feedback', { rating: 0 });
    expect(zero.status).toBe(400);
    expect(zero.body.message).toBe(MSG.ratingRequired);
    const long = await client.post<{ message: string }>('/api/feedback', { rating: 4, comment: 'x'.repeat(501) });
    expect(long.body.message).toBe(MSG.commentTooLong);
    const ok = await client.post('/api/feedback', { rating: 4, comment: '  Muito bom!  ' });
    expect(ok.status).toBe(201);
    const rows = await api.orm.em.fork().getConnection().execute(`select rating, comment from feedback where user_id = ? order by created_at desc limit 1`, [user.id]);
    expect(rows[0]).toEqual({ rating: 4, comment: 'Muito bom!' });
  });

  it('stores frontend errors and rate-limits them', async () => {
    const c = api.client({ 'x-forwarded-for': '10.0.0.9' });
    const res = await c.post('/api/logs/frontend-error', {
      message: 'Boom',
      stack: 'Error: Boom\n at x',
      componentStack: '\n at App',
      timestamp: new Date().toISOString(),
      url: 'http://localhost/dashboard',
      userAgent: 'jest',
    });
    expect(res.status).toBe(201);
  });

  it('refuses cross-site state changes and sets security headers', async () => {
    const { client } = await signUpTeacher(api);
    const res = await client.post<{ message: string }>('/api/turmas', turmaInput(), { origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(MSG.csrfRejected);
    expect((await client.get<TurmaBody[]>('/api/turmas')).body).toHaveLength(0);
    const same = await client.post('/api/turmas', turmaInput(), { origin: api.url });
    expect(same.status).toBe(201);
    const headers = (await client.get('/api/turmas')).headers;
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(headers.get('x-powered-by')).toBeNull();
  });

  it('answers malformed JSON with a Portuguese 400', async () => {
    const { client } = await signUpTeacher(api);
    const res = await client.request<{ message: string }>('POST', '/api/turmas', '{"numero": ');
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/JSON/);
  });
});
