import { LIMITS, MSG, PLANOS_PAGE_HEADERS, type PlanoListItem } from '@planejador/contracts';
import type { TestClient, TestResponse, TestStack } from '@planejador/testing';
import { createTurma, signUpTeacher, startSharedStack } from '@planejador/testing';

/**
 * GET /api/planos pages: newest first, keyset cursor, the total and the next page in headers, filters by class
 * number and review status. Plans are inserted with SQL (finished, as the worker leaves them) so a teacher can
 * have more of them than a page holds, some created in the same microsecond.
 */
describe('plans list: pages, cursor, filters', () => {
  let api: TestStack;
  const sql = <T = unknown>(text: string, params: unknown[] = []) => api.orm.em.fork().getConnection().execute<T[]>(text, params);

  beforeAll(async () => {
    api = await startSharedStack({ ai: 'offline' });
  });
  afterAll(async () => {
    await api?.close();
  });

  /** A teacher with classes 51 and 52 and `count` plans; plan i is 'Tema i', status by i % 3, class by i % 2. */
  async function teacherWithPlans(count: number, sameInstantEvery = 7) {
    const t = await signUpTeacher(api);
    const a = await createTurma(t.client, { numero: '51' });
    const b = await createTurma(t.client, { numero: '52' });
    // Plan i is created i minutes ago, except that every `sameInstantEvery`-th plan shares its neighbour's instant
    // (ties are broken by id, so a page boundary inside a tie neither repeats nor skips a plan).
    await sql(
      `insert into planos_aula (id, tema_principal, materia_geral, turma_id, user_id, status, generation_state, generator, created_at, updated_at)
       select gen_random_uuid(), 'Tema ' || g, 'matematica', case when g % 2 = 0 then ?::uuid else ?::uuid end, ?::uuid,
              (array['gerado','editado','salvo'])[1 + g % 3], 'done', 'offline', ts, ts
         from generate_series(1, ?) g,
              lateral (select timestamptz '2026-11-20 12:00:00.123456+00' - make_interval(mins => g - (case when g % ? = 0 then 1 else 0 end)) as ts) t`,
      [a.id, b.id, t.user.id, count, sameInstantEvery],
    );
    await sql(
      `insert into aulas (id, plano_id, numero_aula, materia, prompt, generation_state)
       select gen_random_uuid(), p.id, n, 'matematica', 'Aula ' || n, 'done'
         from planos_aula p cross join generate_series(1, 2) n where p.user_id = ?`,
      [t.user.id],
    );
    return t;
  }

  async function allPages(client: TestClient, query = '') {
    const seen: PlanoListItem[] = [];
    let cursor: string | null = null;
    let pages = 0;
    let total = -1;
    do {
      const res: TestResponse<PlanoListItem[]> = await client.get<PlanoListItem[]>(`/api/planos?${query}${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.status).toBe(200);
      total = Number(res.headers.get(PLANOS_PAGE_HEADERS.total));
      seen.push(...res.body);
      cursor = res.headers.get(PLANOS_PAGE_HEADERS.nextCursor);
      pages += 1;
    } while (cursor && pages < 100);
    return { seen, pages, total };
  }

  const newestFirst = (planos: PlanoListItem[]) =>
    planos.every((p, i) => i === 0 || planos[i - 1].createdAt >= p.createdAt);

  it('answers the first page of the default size with the total, a cursor and a Link to the next page', async () => {
    const { client } = await teacherWithPlans(60);
    const res = await client.get<PlanoListItem[]>('/api/planos');
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(LIMITS.planosPageDefault);
    expect(res.headers.get(PLANOS_PAGE_HEADERS.total)).toBe('60');
    const cursor = res.headers.get(PLANOS_PAGE_HEADERS.nextCursor);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(res.headers.get('link')).toBe(`</api/planos?limit=${LIMITS.planosPageDefault}&cursor=${cursor}>; rel="next"`);
    expect(res.body[0]).toMatchObject({ temaPrincipal: 'Tema 1', generation: { state: 'done', done: 2, total: 2 } });
    // Every field of PlanoListItem, dates as ISO strings in UTC with milliseconds.
    const item = res.body[0];
    expect(Object.keys(item).sort()).toEqual(
      [
        'ano', 'aulas', 'createdAt', 'generation', 'generator', 'id', 'materiaGeral', 'periodo', 'periodoTipo', 'status', 'temaPrincipal', 'trimestre',
        'turma', 'turmaId', 'updatedAt',
      ],
    );
    expect(item.createdAt).toBe('2026-11-20T11:59:00.123Z');
    expect(new Date(item.updatedAt).toISOString()).toBe(item.updatedAt);
    expect(item.generation).toEqual({ state: 'done', done: 2, total: 2, error: null, creditRefunded: false });
    expect(item.turma).toEqual({ id: item.turmaId, numero: '52', escola: 'EEEF Tiradentes', ano: '5' });
    expect(item.generator).toBe('offline');
    expect(item.aulas).toEqual([
      { id: expect.any(String), numeroAula: 1, materia: 'matematica' },
      { id: expect.any(String), numeroAula: 2, materia: 'matematica' },
    ]);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.body[0].aulas.map((a) => a.numeroAula)).toEqual([1, 2]);
    expect(newestFirst(res.body)).toBe(true);
  });

  it('walks every page once: each plan exactly once, newest first, also across plans made in the same instant', async () => {
    const { client } = await teacherWithPlans(53);
    const { seen, pages, total } = await allPages(client, 'limit=10');
    expect(total).toBe(53);
    expect(pages).toBe(6);
    expect(seen).toHaveLength(53);
    expect(new Set(seen.map((p) => p.id)).size).toBe(53);
    expect(newestFirst(seen)).toBe(true);
    // The last page names no next one.
    const last = await client.get('/api/planos?limit=53');
    expect(last.headers.get(PLANOS_PAGE_HEADERS.nextCursor)).toBeNull();
    expect(last.headers.get('link')).toBeNull();
  });

  it('filters by class number and by status on the server, the total counting the filtered plans', async () => {
    const { client } = await teacherWithPlans(30);
    const turma52 = await allPages(client, 'limit=4&turma=52');
    expect(turma52.total).toBe(15);
    expect(turma52.seen).toHaveLength(15);
    expect(turma52.seen.every((p) => p.turma.numero === '52')).toBe(true);

    const salvos = await allPages(client, 'limit=4&status=salvo');
    expect(salvos.total).toBe(10);
    expect(salvos.seen.every((p) => p.status === 'salvo')).toBe(true);

    const both = await allPages(client, 'turma=51&status=editado');
    expect(both.seen.map((p) => p.temaPrincipal).sort()).toEqual(
      Array.from({ length: 30 }, (_, i) => i + 1)
        .filter((i) => i % 2 === 0 && i % 3 === 1)
        .map((i) => `Tema ${i}`)
        .sort(),
    );
    const link = (await client.get('/api/planos?limit=2&turma=51&status=editado')).headers.get('link');
    expect(link).toMatch(/^<\/api\/planos\?limit=2&cursor=[A-Za-z0-9_-]+&turma=51&status=editado>; rel="next"$/);

    const none = await client.get<PlanoListItem[]>('/api/planos?turma=99');
    expect(none.status).toBe(200);
    expect(none.body).toEqual([]);
    expect(none.headers.get(PLANOS_PAGE_HEADERS.total)).toBe('0');
  });

  it('keeps the total on a page after the last plan', async () => {
    const { client } = await teacherWithPlans(4);
    const first = await client.get('/api/planos?limit=4');
    expect(first.headers.get(PLANOS_PAGE_HEADERS.nextCursor)).toBeNull();
    // A cursor at the oldest plan (a plan deleted meanwhile leaves the same situation): an empty page, same total.
    const [oldest] = await sql<{ at: string; id: string }>(
      `select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at, id from planos_aula where id = ?`,
      [(first.body as PlanoListItem[])[3].id],
    );
    const cursor = Buffer.from(`${oldest.at}|${oldest.id}`).toString('base64url');
    const after = await client.get<PlanoListItem[]>(`/api/planos?cursor=${cursor}`);
    expect(after.status).toBe(200);
    expect(after.body).toEqual([]);
    expect(after.headers.get(PLANOS_PAGE_HEADERS.total)).toBe('4');
  });

  it('refuses a bad page size, cursor or status with a Portuguese 400', async () => {
    const { client } = await teacherWithPlans(3);
    const cases: [string, string][] = [
      ['limit=0', MSG.pageLimitInvalid],
      [`limit=${LIMITS.planosPageMax + 1}`, MSG.pageLimitInvalid],
      ['limit=abc', MSG.pageLimitInvalid],
      ['limit=2.5', MSG.pageLimitInvalid],
      ['cursor=nao-e-um-cursor', MSG.cursorInvalid],
      [`cursor=${Buffer.from('2026-02-30T10:00:00.000000Z|00000000-0000-4000-8000-000000000000').toString('base64url')}`, MSG.cursorInvalid],
      [`cursor=${Buffer.from("x' or 1=1 --").toString('base64url')}`, MSG.cursorInvalid],
      ['cursor=' + 'A'.repeat(300), MSG.cursorInvalid],
      ['status=arquivado', MSG.statusFilterInvalid],
    ];
    for (const [query, message] of cases) {
      const res = await client.get<{ message: string; issues?: { message: string }[] }>(`/api/planos?${query}`);
      expect({ query, status: res.status }).toEqual({ query, status: 400 });
      const messages = [res.body.message, ...(res.body.issues ?? []).map((i) => i.message)];
      expect(messages).toContain(message);
    }
  });

  it("never lists another teacher's plans, whatever the cursor", async () => {
    const a = await teacherWithPlans(5);
    const b = await teacherWithPlans(2);
    const aFirst = await a.client.get<PlanoListItem[]>('/api/planos?limit=1');
    const cursor = aFirst.headers.get(PLANOS_PAGE_HEADERS.nextCursor)!;
    const bWithA = await b.client.get<PlanoListItem[]>(`/api/planos?cursor=${cursor}`);
    expect(bWithA.status).toBe(200);
    const aIds = new Set((await allPages(a.client)).seen.map((p) => p.id));
    expect(bWithA.body.some((p) => aIds.has(p.id))).toBe(false);
    expect(bWithA.headers.get(PLANOS_PAGE_HEADERS.total)).toBe('2');
    expect((await api.client().get('/api/planos')).status).toBe(401);
  });
});
