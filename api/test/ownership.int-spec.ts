import { MSG, type MatrizData, type Plano, type PublicUser } from '@planejador/contracts';
import { createPlan, generateRequest, startSharedStack, teacherWithTurma, turmaInput, uniqueEmail, type TestClient, type TestStack } from '@planejador/testing';
import { signUpAdmin } from './api-harness';

/*
 * The ownership matrix: teacher A has a class and a generated plan; teacher B (and an admin, and a signed-out
 * client) try every route with A's ids. The answer is always 404 (401 signed out), exactly as for an id that
 * does not exist, and A's data is the same afterwards, byte for byte.
 */

type Teacher = Awaited<ReturnType<typeof teacherWithTurma>> & { plan: Plano };

/** Two lessons on one theme. */
const lessons = (prompt: string) => [prompt, `${prompt} (continuação)`];

describe('ownership: no one but the owner reads, changes, exports or deletes a class or a plan', () => {
  let api: TestStack;
  let a: Teacher;
  let b: Teacher;
  let admin: TestClient;
  const adminEmail = uniqueEmail('admin');

  async function teacher(numero: string, ano: string, prompt: string, idempotencyKey: string): Promise<Teacher> {
    const t = await teacherWithTurma(api, { numero, ano });
    const plan = await createPlan(t.client, t.turma.id, lessons(prompt), { headers: { 'idempotency-key': idempotencyKey }, timeoutMs: 30000 });
    return { ...t, plan };
  }

  /** Everything A can see through the api, and A's rows in the database. */
  async function everythingOf(owner: Teacher) {
    const reads = await Promise.all(
      ['/api/auth/user', '/api/turmas', '/api/planos', `/api/planos/${owner.plan.id}`, '/api/user/stats', `/api/matriz/${owner.turma.id}/matematica`].map(async (path) => {
        const res = await owner.client.get(path);
        return [path, res.status, res.body] as const;
      }),
    );
    const rows = await api.orm.em.fork().getConnection().execute(
      `select
         (select json_agg(u) from users u where id = ?) as users,
         (select json_agg(t order by t.id) from turmas t where user_id = ?) as turmas,
         (select json_agg(p order by p.id) from planos_aula p where user_id = ?) as planos,
         (select json_agg(a order by a.id) from aulas a join planos_aula p on p.id = a.plano_id where p.user_id = ?) as aulas`,
      Array(4).fill(owner.user.id),
    );
    return { reads, rows };
  }

  beforeAll(async () => {
    api = await startSharedStack({ ai: 'offline', env: { ADMIN_EMAILS: adminEmail } });
    // The same Idempotency-Key for both: it must name a plan per user, never across users.
    a = await teacher(`A-${Date.now()}`, '5', 'Bingo das frações', 'mesma-chave-123');
    b = await teacher('51', '2', 'Contagem com tampinhas', 'mesma-chave-123');
    admin = (await signUpAdmin(api, adminEmail)).client;
  });
  afterAll(() => api?.close());

  /** Every route that names A's class or plan, with a body that would be valid for A. */
  function attacks(): [string, string, unknown?][] {
    const aulas = a.plan.aulas.map((aula) => ({ ...aula, objetivos: 'Alterado por outra pessoa' }));
    const upper = a.plan.id.toUpperCase();
    return [
      ['GET', `/api/planos/${a.plan.id}`],
      ['GET', `/api/planos/${upper}`],
      ['PUT', `/api/planos/${a.plan.id}`, { status: 'salvo', aulas }],
      ['PUT', `/api/planos/${upper}`, { status: 'salvo', aulas }],
      ['GET', `/api/planos/${a.plan.id}/export`],
      ['DELETE', `/api/planos/${upper}`],
      ['DELETE', `/api/planos/${a.plan.id}`],
      ['PUT', `/api/turmas/${a.turma.id}`, turmaInput({ numero: 'invadida' })],
      ['PUT', `/api/turmas/${a.turma.id.toUpperCase()}`, turmaInput({ numero: 'invadida' })],
      ['DELETE', `/api/turmas/${a.turma.id}`],
      ['GET', `/api/matriz/${a.turma.id}/matematica`],
      ['GET', `/api/matriz/${a.turma.id.toUpperCase()}/matematica`],
      ['GET', `/api/matriz/${encodeURIComponent(a.turma.numero)}/matematica`],
      ['GET', `/api/matriz/${encodeURIComponent(` ${a.turma.numero} `)}/portugues`],
      ['POST', '/api/planos/generate', generateRequest(a.turma.id, lessons('Plano na turma de outra pessoa'))],
    ];
  }

  it('B gets 404 on every route with A\'s ids, like for ids that do not exist, and A\'s data does not change', async () => {
    const before = await everythingOf(a);
    expect(before.reads.map(([path, status]) => [path, status])).toEqual(before.reads.map(([path]) => [path, 200]));
    expect(before.rows[0]).toMatchObject({ turmas: [expect.anything()], planos: [expect.anything()], aulas: [expect.anything(), expect.anything()] });
    const bBefore = (await b.client.get<PublicUser>('/api/auth/user')).body;
    for (const [method, path, body] of attacks()) {
      const res = await b.client.request<{ message: string }>(method, path, body);
      expect([method, path, res.status]).toEqual([method, path, 404]);
      expect(typeof res.body.message).toBe('string');
      expect(res.text).not.toContain(a.plan.id);
      expect(res.text).not.toContain(a.turma.numero);
    }
    // A missing id answers exactly the same (no way to tell "exists, not yours" from "does not exist").
    const missing = await b.client.get<{ message: string }>('/api/planos/00000000-0000-4000-8000-000000000000');
    const foreign = await b.client.get<{ message: string }>(`/api/planos/${a.plan.id}`);
    expect(foreign.body).toEqual(missing.body);

    expect(await everythingOf(a)).toEqual(before);
    // B paid nothing for the refused plan, and sees only B's things.
    expect((await b.client.get<PublicUser>('/api/auth/user')).body.credits).toBe(bBefore.credits);
    expect((await b.client.get<{ id: string }[]>('/api/planos')).body.map((p) => p.id)).toEqual([b.plan.id]);
    expect((await b.client.get<{ id: string }[]>('/api/turmas')).body.map((t) => t.id)).toEqual([b.turma.id]);
    expect((await b.client.get('/api/user/stats')).body).toEqual({ turmas: 1, planos: 1, aulas: 2, mesAtual: 1 });
  });

  it("B cannot write A's lessons through B's own plan", async () => {
    const before = await everythingOf(a);
    const mixed = [{ ...b.plan.aulas[0] }, { ...a.plan.aulas[0], objetivos: 'Injetado pelo plano de B' }];
    const res = await b.client.put<{ message: string }>(`/api/planos/${b.plan.id}`, { status: 'salvo', aulas: mixed });
    expect(res.status).toBe(404);
    const onlyForeign = await b.client.put(`/api/planos/${b.plan.id}`, { status: 'salvo', aulas: [{ ...a.plan.aulas[1], objetivos: 'Injetado' }] });
    expect(onlyForeign.status).toBe(404);
    expect(await everythingOf(a)).toEqual(before);
    // B's plan is untouched too: the request failed as a whole.
    const bPlan = (await b.client.get<Plano>(`/api/planos/${b.plan.id}`)).body;
    expect(bPlan.aulas.map((x) => x.objetivos)).toEqual(b.plan.aulas.map((x) => x.objetivos));
  });

  it("a class number names the caller's own class: B's '51' is B's 2nd year, never A's", async () => {
    const mine = await b.client.get<MatrizData>('/api/matriz/51/matematica');
    expect(mine.status).toBe(200);
    expect(mine.headers.get('x-matriz-ano')).toBe('2');
    expect(Object.keys(mine.body)).toEqual(['2º ano']);
  });

  it("the same Idempotency-Key used by two teachers makes two plans, each the teacher's own", async () => {
    expect(a.plan.id).not.toBe(b.plan.id);
    const again = await b.client.post<{ id: string }>('/api/planos/generate', generateRequest(b.turma.id, lessons('Contagem com tampinhas')), { 'idempotency-key': 'mesma-chave-123' });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(b.plan.id);
  });

  it("an admin gets 404 on a teacher's class and plan too", async () => {
    const before = await everythingOf(a);
    for (const [method, path, body] of attacks()) {
      const res = await admin.request(method, path, body);
      expect([method, path, res.status]).toEqual([method, path, 404]);
    }
    expect(await everythingOf(a)).toEqual(before);
  });

  it('signed out, every route answers 401 and changes nothing', async () => {
    const before = await everythingOf(a);
    const anonymous = api.client();
    for (const [method, path, body] of attacks()) {
      const res = await anonymous.request<{ message: string }>(method, path, body);
      expect([method, path, res.status]).toEqual([method, path, 401]);
      expect(res.body.message).toBe(MSG.unauthorized);
    }
    // A forged or stale session cookie is the same as none.
    const forged = api.client({ cookie: `planejador.sid=s%3A${a.user.id}.assinatura-falsa` });
    for (const [method, path, body] of attacks()) {
      expect((await forged.request(method, path, body)).status).toBe(401);
    }
    expect(await everythingOf(a)).toEqual(before);
  });

  it('A still reads, edits, exports and deletes A\'s own plan and class', async () => {
    const aulas = a.plan.aulas.map((aula) => ({ ...aula, objetivos: 'Editado pela dona' }));
    const saved = await a.client.put<Plano>(`/api/planos/${a.plan.id}`, { status: 'salvo', aulas });
    expect(saved.status).toBe(200);
    expect(saved.body.aulas.map((x) => x.objetivos)).toEqual(['Editado pela dona', 'Editado pela dona']);
    expect((await a.client.get(`/api/planos/${a.plan.id}/export`)).status).toBe(200);
    expect((await a.client.delete(`/api/planos/${a.plan.id}`)).status).toBe(204);
    expect((await a.client.delete(`/api/turmas/${a.turma.id}`)).status).toBe(204);
    // B's things survived A's deletes.
    expect((await b.client.get(`/api/planos/${b.plan.id}`)).status).toBe(200);
  });
});
