import JSZip from 'jszip';
import { MSG, MATRIZ_HEADERS, type MatrizData, type MatrizMeta, type HabilidadeMatch, type Plano, type PlanoListItem } from '@planejador/contracts';
import { createPlan, startSharedStack, teacherWithTurma, type TestStack } from '@planejador/testing';

describe('plans: list, read, edit, delete, export (offline drafter), matrix and skill search', () => {
  let api: TestStack;

  beforeAll(async () => {
    api = await startSharedStack({ ai: 'offline' });
  });
  afterAll(() => api?.close());

  it('drafts a plan offline from the curriculum, lists it with its class and lessons, and reads it', async () => {
    const { client, turma } = await teacherWithTurma(api);
    const plan = await createPlan(client, turma.id, ['Bingo das frações', 'Medidas de comprimento com trena']);
    expect(plan.generator).toBe('offline');
    expect(plan.aulas[0].habilidades).toMatch(/\(EF05MA\d{2}\)/);
    expect(plan.aulas.every((a) => a.objetivos && a.experiencias && a.evidencias && a.objetosConhecimento)).toBe(true);

    const list = await client.get<PlanoListItem[]>('/api/planos');
    expect(list.body).toHaveLength(1);
    expect(list.body[0]).toMatchObject({
      id: plan.id,
      // The form's title left at the subject's name: the lessons' titles tell the plan apart.
      temaPrincipal: 'Bingo das frações; Medidas de comprimento com trena',
      status: 'gerado',
      turma: { numero: '51', escola: 'EEEF Tiradentes', ano: '5' },
      generation: { state: 'done', done: 2, total: 2 },
    });
    expect(list.body[0].aulas.map((a) => a.numeroAula)).toEqual([1, 2]);
    const stats = await client.get('/api/user/stats');
    expect(stats.body).toMatchObject({ turmas: 1, planos: 1, aulas: 2, mesAtual: 1 });
    const turmas = await client.get<{ _count: { planosAula: number } }[]>('/api/turmas');
    expect(turmas.body[0]._count.planosAula).toBe(1);
  });

  it('saves edited lesson texts in one request and sets the status to salvo', async () => {
    const { client, turma } = await teacherWithTurma(api);
    const plan = await createPlan(client, turma.id, ['Frações na receita de bolo', 'Geometria no geoplano']);
    const aulas = plan.aulas.map((a) => ({ ...a, objetivos: a.numeroAula === 1 ? 'Objetivo editado pela professora' : a.objetivos }));
    aulas[1].evidencias = '';
    const res = await client.put<Plano>(`/api/planos/${plan.id}`, { status: 'salvo', aulas });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('salvo');
    expect(res.body.aulas[0].objetivos).toBe('Objetivo editado pela professora');
    expect(res.body.aulas[1].evidencias).toBe('');
    const again = await client.get<Plano>(`/api/planos/${plan.id}`);
    expect(again.body.aulas[0].objetivos).toBe('Objetivo editado pela professora');

    const tooLong = await client.put<{ message: string }>(`/api/planos/${plan.id}`, {
      status: 'salvo',
      aulas: [{ ...aulas[0], objetivos: 'x'.repeat(20001) }],
    });
    expect(tooLong.status).toBe(400);
    const badStatus = await client.put(`/api/planos/${plan.id}`, { status: 'aprovado', aulas });
    expect(badStatus.status).toBe(400);
    const foreignLesson = await client.put(`/api/planos/${plan.id}`, { status: 'salvo', aulas: [{ ...aulas[0], id: '00000000-0000-4000-8000-000000000000' }] });
    expect(foreignLesson.status).toBe(404);
    expect((await client.get<Plano>(`/api/planos/${plan.id}`)).body.aulas[0].objetivos).toBe('Objetivo editado pela professora');
  });

  it('refuses to edit a plan that is still generating', async () => {
    const { client, turma, user } = await teacherWithTurma(api);
    const plan = await createPlan(client, turma.id, ['Frações']);
    await api.orm.em.fork().getConnection().execute(`update planos_aula set generation_state = 'running' where id = ? and user_id = ?`, [plan.id, user.id]);
    const res = await client.put<{ message: string }>(`/api/planos/${plan.id}`, { status: 'salvo', aulas: plan.aulas });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(MSG.planoGenerating);
    expect((await client.get(`/api/planos/${plan.id}/export`)).status).toBe(409);
  });

  it("answers 404 for another user's plan on every route", async () => {
    const a = await teacherWithTurma(api);
    const b = await teacherWithTurma(api);
    const plan = await createPlan(a.client, a.turma.id, ['Frações']);
    for (const [method, path, body] of [
      ['GET', `/api/planos/${plan.id}`, undefined],
      ['PUT', `/api/planos/${plan.id}`, { status: 'salvo', aulas: plan.aulas }],
      ['DELETE', `/api/planos/${plan.id}`, undefined],
      ['GET', `/api/planos/${plan.id}/export`, undefined],
      ['GET', `/api/matriz/${a.turma.id}/matematica`, undefined],
    ] as const) {
      const res = await b.client.request<{ message: string }>(method, path, body);
      expect([method, path, res.status]).toEqual([method, path, 404]);
    }
    expect((await b.client.get<unknown[]>('/api/planos')).body).toHaveLength(0);
    expect((await a.client.get<Plano>(`/api/planos/${plan.id}`)).status).toBe(200);
  });

  it('exports a valid .docx with every lesson and a readable file name', async () => {
    const { client, turma } = await teacherWithTurma(api);
    const plan = await createPlan(client, turma.id, ['Bingo das frações <script>alert(1)</script>', 'Área do pátio', 'Probabilidade com dados']);
    const res = await client.get<Buffer>(`/api/planos/${plan.id}/export`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    const disposition = res.headers.get('content-disposition') ?? '';
    expect(disposition).toMatch(/^attachment; filename=".+\.docx"; filename\*=UTF-8''.+\.docx$/);
    expect(decodeURIComponent(disposition.split("UTF-8''")[1])).toMatch(/Turma 51 - Bingo das frações.*\.docx$/);
    const zip = await JSZip.loadAsync(res.body);
    const xml = await zip.file('word/document.xml')!.async('string');
    const text = xml.replace(/<[^>]+>/g, '');
    let last = -1;
    for (const aula of plan.aulas) {
      // Each lesson's heading: 'Aula N — <its title>' (decisions.md, "Lessons that teach"; the title is escaped XML here).
      const at = text.indexOf(`Aula ${aula.numeroAula} — `);
      expect(at).toBeGreaterThan(last);
      last = at;
    }
    expect(text).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    // The file holds only what the teacher hands in: the offline notice belongs on the page.
    expect(text).not.toMatch(/offline|sem IA|Planejador/i);
    expect(text).toContain('3º trimestre');
    // A second export of the unchanged plan is served from the same job.
    expect((await client.get(`/api/planos/${plan.id}/export`)).status).toBe(200);
  });

  it('deletes a plan with its lessons', async () => {
    const { client, turma } = await teacherWithTurma(api);
    const plan = await createPlan(client, turma.id, ['Frações']);
    expect((await client.delete(`/api/planos/${plan.id}`)).status).toBe(204);
    expect((await client.get(`/api/planos/${plan.id}`)).status).toBe(404);
    const [{ count }] = await api.orm.em.fork().getConnection().execute(`select count(*)::int as count from aulas where plano_id = ?`, [plan.id]);
    expect(count).toBe(0);
    expect((await client.delete(`/api/planos/${plan.id}`)).status).toBe(404);
  });

  it('answers the curriculum matrix of a class by id or number, with the year from the class', async () => {
    const { client, turma } = await teacherWithTurma(api);
    // The body is the spec's year-keyed object itself; its facts come in headers and in .../info.
    const byId = await client.get<MatrizData>(`/api/matriz/${turma.id}/matematica`);
    expect(byId.status).toBe(200);
    expect(Object.keys(byId.body)).toEqual(['5º ano']);
    const units = byId.body['5º ano'];
    const items = Object.values(units).flat();
    expect(items.length).toBeGreaterThan(0);
    expect(items.flatMap((i) => i.Habilidades.map((h) => h.code)).every((c) => /^EF(05|15|35)MA\d{2}$/.test(c))).toBe(true);
    expect(items.every((i) => Object.keys(i).sort().join('|') === 'Expectativas de Aprendizagens|Habilidades|Objetos de Conhecimento')).toBe(true);
    expect(byId.headers.get(MATRIZ_HEADERS.ano)).toBe('5');
    expect(byId.headers.get(MATRIZ_HEADERS.rsLoaded)).toBe('nao');
    const info = await client.get<MatrizMeta>(`/api/matriz/${turma.id}/matematica/info`);
    expect(info.body.credit).toContain('bncc.dev');
    expect(String(info.body.total)).toBe(byId.headers.get(MATRIZ_HEADERS.total));
    const byNumber = await client.get<MatrizData>(`/api/matriz/51/matematica`);
    expect(byNumber.headers.get(MATRIZ_HEADERS.total)).toBe(String(info.body.total));
    const english = await client.get<MatrizData>(`/api/matriz/51/ingles`);
    expect(english.status).toBe(200);
    expect(english.headers.get(MATRIZ_HEADERS.total)).toBe('0');
    expect(decodeURIComponent(english.headers.get(MATRIZ_HEADERS.reason) ?? '')).toMatch(/Inglesa/);
    expect((await client.get<MatrizMeta>(`/api/matriz/51/ingles/info`)).body.reason).toMatch(/Inglesa/);
    expect((await client.get(`/api/matriz/51/quimica`)).status).toBe(400);
    expect((await client.get(`/api/matriz/999/matematica`)).status).toBe(404);
  });

  it('ranks skills for an informal lesson description', async () => {
    const { client } = await teacherWithTurma(api);
    const res = await client.get<HabilidadeMatch[]>('/api/habilidades?ano=5&materia=matematica&q=bingo%20das%20fra%C3%A7%C3%B5es&limit=5');
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(5);
    expect(res.body[0].description.toLowerCase()).toMatch(/fraç|racion/);
    expect(res.body[0].score).toBeGreaterThan(0);
    expect((await client.get('/api/habilidades?ano=12&materia=matematica')).status).toBe(400);
  });
});
