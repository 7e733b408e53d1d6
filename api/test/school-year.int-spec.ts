import { MSG, networkCalendar, schoolDate, trimestreNoCalendario, type Cobertura, type Plano, type PlanoListItem } from '@planejador/contracts';
import { createPlan, startSharedStack, teacherWithTurma, type TestClient, type TestStack } from '@planejador/testing';

/** Issue 15: trimestres, period and lesson length on plans; the class's coverage of its year's skills. */
describe('school year: trimestres and coverage (offline drafter, real worker)', () => {
  let api: TestStack;

  beforeAll(async () => {
    api = await startSharedStack({ ai: 'offline' });
  });
  afterAll(() => api?.close());

  /** A plan with one lesson per list of pinned skills, generated to the end. */
  const plan = (client: TestClient, turmaId: string, pins: string[][], overrides: Record<string, unknown> = {}) =>
    createPlan(client, turmaId, pins.map((habilidadesFixadas, i) => ({ prompt: `Aula ${i + 1} com frações e medidas`, habilidadesFixadas })), { overrides, timeoutMs: 30000 });

  it('stores the trimestre (defaulted from today), the period and the lesson length; PUT changes them alone', async () => {
    const { client, turma: { id: turmaId } } = await teacherWithTurma(api);
    const defaulted = await plan(client, turmaId, [['EF05MA03']]);
    // No trimestre asked for: the one of the teacher's calendar (here the network's or a provisional one) holding today.
    const today = schoolDate();
    expect(defaulted.trimestre).toBe(trimestreNoCalendario(networkCalendar(Number(today.slice(0, 4))), today));
    expect(defaulted.dataInicio).toBeNull();
    // The title left at the subject's name is built from the lessons' titles, so plans are told apart.
    expect(defaulted.temaPrincipal).toBe(defaulted.aulas[0].titulo);

    const set = await plan(client, turmaId, [['EF05MA03']], { trimestre: 2, dataInicio: '2026-05-04', dataFim: '2026-05-29', duracaoAulaMin: 45 });
    expect(set).toMatchObject({ trimestre: 2, dataInicio: '2026-05-04', dataFim: '2026-05-29', duracaoAulaMin: 45 });

    const changed = await client.put<Plano>(`/api/planos/${set.id}`, { status: 'salvo', trimestre: 1, duracaoAulaMin: 50 });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ trimestre: 1, dataInicio: '2026-05-04', duracaoAulaMin: 50, status: 'salvo' });
    expect(changed.body.aulas[0].versao).toBe(1);

    const inverted = await client.put<{ message: string }>(`/api/planos/${set.id}`, { dataInicio: '2026-06-30' });
    expect(inverted.status).toBe(400);
    expect(inverted.body.message).toBe(MSG.periodoInvertido);
    const badDate = await client.put<{ message: string }>(`/api/planos/${set.id}`, { dataFim: '2026-02-30' });
    expect(badDate.status).toBe(400);
    expect(badDate.body.message).toBe(MSG.dataInvalida);
    const badTrimestre = await client.post<{ message: string }>('/api/planos/generate', {
      temaPrincipal: 'Frações', turmaId, materiaGeral: 'matematica', trimestre: 4, aulas: [{ numeroAula: 1, materia: 'matematica', prompt: 'x' }],
    });
    expect(badTrimestre.status).toBe(400);
    expect(badTrimestre.body.message).toBe(MSG.trimestreInvalid);

    const list = await client.get<PlanoListItem[]>('/api/planos?trimestre=1');
    expect(list.body.map((p) => p.id)).toEqual(defaulted.trimestre === 1 ? [set.id, defaulted.id] : [set.id]);
    expect(list.body[0].trimestre).toBe(1);
  });

  it('counts a skill as covered by finished plans of the class only, with their trimestres', async () => {
    const { client, turma: { id: turmaId } } = await teacherWithTurma(api, { ano: '5' });
    const first = await plan(client, turmaId, [['EF05MA03'], ['EF05MA08']], { trimestre: 1 });
    await plan(client, turmaId, [['EF05MA03']], { trimestre: 2 });
    const deleted = await plan(client, turmaId, [['EF05MA19']], { trimestre: 3 });
    expect((await client.delete(`/api/planos/${deleted.id}`)).status).toBe(204);
    // A plan still generating does not count (touched an hour ahead, so the worker's sweeper leaves it be meanwhile).
    const stuck = await plan(client, turmaId, [['EF05MA10']], { trimestre: 3 });
    await api.orm.em.fork().getConnection().execute(`update planos_aula set generation_state = 'running', updated_at = now() + interval '1 hour' where id = ?`, [stuck.id]);

    const res = await client.get<Cobertura>(`/api/turmas/${turmaId}/cobertura`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ turmaId, ano: '5' });
    const subjects = res.body.materias.map((m) => m.materia);
    expect(subjects).toContain('matematica');
    expect(subjects).not.toContain('ingles'); // no BNCC skills of English in the 5º ano
    const math = res.body.materias.find((m) => m.materia === 'matematica')!;
    expect(math.cobertas).toBe(2);
    expect(math.total).toBe(math.habilidades.length);
    const byCode = new Map(math.habilidades.map((h) => [h.code, h]));
    expect(byCode.get('EF05MA03')).toMatchObject({ trimestres: [1, 2], periodos: [1, 2] });
    expect(byCode.get('EF05MA03')!.planos.map((p) => p.trimestre)).toEqual([1, 2]);
    // Each plan names the lessons that cite the skill, with their titles (issue 23).
    const lesson2 = first.aulas.find((a) => a.numeroAula === 2)!;
    expect(lesson2.titulo).toBeTruthy();
    expect(byCode.get('EF05MA08')!.planos).toEqual([
      { id: first.id, temaPrincipal: first.temaPrincipal, trimestre: 1, periodo: 1, ano: first.ano, aulas: [{ id: lesson2.id, numeroAula: 2, titulo: lesson2.titulo }] },
    ]);
    expect(byCode.get('EF05MA19')!.trimestres).toEqual([]);
    expect(byCode.get('EF05MA10')!.trimestres).toEqual([]);
    expect(byCode.get('EF05MA03')!.unidade).toBeTruthy();

    const other = await teacherWithTurma(api, { ano: '5' });
    expect((await other.client.get(`/api/turmas/${turmaId}/cobertura`)).status).toBe(404);

    // The class cards' summary: the same counts, for every class of the user, and only theirs.
    const resumo = (await client.get<{ turmaId: string; materias: { materia: string; total: number; cobertas: number }[] }[]>('/api/turmas/cobertura')).body;
    expect(resumo).toHaveLength(1);
    expect(resumo[0].materias.find((m) => m.materia === 'matematica')).toEqual({ materia: 'matematica', total: math.total, cobertas: 2 });
    const theirs = (await other.client.get<{ turmaId: string }[]>('/api/turmas/cobertura')).body;
    expect(theirs.map((r) => r.turmaId)).not.toContain(turmaId);
  });

  it('under a bimestre calendar coverage carries the plans\' periods (1..4) beside empty trimestres, and plans a null trimestre', async () => {
    const { client, turma: { id: turmaId } } = await teacherWithTurma(api, { ano: '5' });
    const ano = Number(schoolDate().slice(0, 4));
    const saved = await client.put('/api/calendario', {
      ano,
      tipo: 'bimestre',
      periodos: [
        { numero: 1, inicio: `${ano}-02-18`, fim: `${ano}-04-30` },
        { numero: 2, inicio: `${ano}-05-04`, fim: `${ano}-07-10` },
        { numero: 3, inicio: `${ano}-07-27`, fim: `${ano}-09-30` },
        { numero: 4, inicio: `${ano}-10-01`, fim: `${ano}-12-18` },
      ],
    });
    expect(saved.status).toBe(200);
    const fourth = await plan(client, turmaId, [['EF05MA03']], { periodo: 4 });
    expect(fourth).toMatchObject({ periodo: 4, ano, periodoTipo: 'bimestre', trimestre: null, periodoEscolhido: true });
    await plan(client, turmaId, [['EF05MA03']], { dataInicio: `${ano}-03-10` });
    const math = (await client.get<Cobertura>(`/api/turmas/${turmaId}/cobertura`)).body.materias.find((m) => m.materia === 'matematica')!;
    const skill = math.habilidades.find((h) => h.code === 'EF05MA03')!;
    expect(skill).toMatchObject({ trimestres: [], periodos: [1, 4] });
    expect(skill.planos.map((p) => [p.periodo, p.ano, p.trimestre])).toEqual([[1, ano, null], [4, ano, null]]);
    const listed = await client.get<PlanoListItem[]>(`/api/planos?periodo=4&anoLetivo=${ano}`);
    expect(listed.body.map((p) => [p.id, p.periodo, p.periodoTipo, p.trimestre])).toEqual([[fourth.id, 4, 'bimestre', null]]);
  });
});
