import { MSG, type Calendario, type Plano } from '@planejador/contracts';
import { createPlan, startSharedStack, teacherWithTurma, type TestClient, type TestStack } from '@planejador/testing';

/** Issue 26: the school calendar (GET/PUT /api/calendario) and plans' trimestres derived from it. */
describe('school calendar', () => {
  let api: TestStack;

  beforeAll(async () => {
    api = await startSharedStack({ ai: 'offline' });
  });
  afterAll(() => api?.close());

  const calendario = async (client: TestClient, ano: number) => {
    const res = await client.get<Calendario>(`/api/calendario?ano=${ano}`);
    expect(res.status).toBe(200);
    return res.body;
  };
  /** A plan with these settings, written by the worker (offline drafter). */
  const plan = (client: TestClient, turmaId: string, overrides: Record<string, unknown>) =>
    createPlan(client, turmaId, ['Frações com pizza'], { overrides, timeoutMs: 30000 });
  const trimestre = async (client: TestClient, id: string) => (await client.get<Plano>(`/api/planos/${id}`)).body.trimestre;
  const rs2023 = [
    { numero: 1, inicio: '2023-02-23', fim: '2023-05-31' },
    { numero: 2, inicio: '2023-06-01', fim: '2023-09-15' },
    { numero: 3, inicio: '2023-09-18', fim: '2023-12-22' },
  ];

  it('answers the RS network calendar with its act where one is shipped, and provisional dates elsewhere', async () => {
    const { client } = await teacherWithTurma(api);
    expect(await calendario(client, 2023)).toEqual({
      ano: 2023, tipo: 'trimestre', trimestres: rs2023, periodos: rs2023, fonte: 'rede', ato: 'Portaria SEDUC/RS nº 281/2022',
    });
    const provisional = await calendario(client, 2027);
    expect(provisional).toMatchObject({ tipo: 'trimestre', fonte: 'provisorio', ato: 'Portaria SEDUC/RS nº 281/2022' });
    expect(provisional.trimestres.map((t) => t.numero)).toEqual([1, 2, 3]);
    expect(provisional.trimestres.every((t) => t.inicio.startsWith('2027-') && t.inicio <= t.fim)).toBe(true);
    // 2026: the trimestres inferred from Portaria 705/2025, provisional; 2022: the network's bimestres.
    const rs2026 = [
      { numero: 1, inicio: '2026-02-18', fim: '2026-05-22' },
      { numero: 2, inicio: '2026-05-25', fim: '2026-09-04' },
      { numero: 3, inicio: '2026-09-08', fim: '2026-12-18' },
    ];
    expect(await calendario(client, 2026)).toEqual({
      ano: 2026, tipo: 'trimestre', trimestres: rs2026, periodos: rs2026, fonte: 'provisorio', ato: 'Portaria SEDUC/RS nº 705/2025',
    });
    expect(await calendario(client, 2022)).toMatchObject({ tipo: 'bimestre', trimestres: [], fonte: 'rede', ato: 'Portaria SEDUC/RS nº 300/2021' });
    expect((await calendario(client, 2022)).periodos).toHaveLength(4);
    const bad = await client.get<{ message: string }>('/api/calendario?ano=dois-mil');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(MSG.calendarioAnoInvalido);
  });

  it('refuses bad dates with a message naming the problem and changes nothing', async () => {
    const { client } = await teacherWithTurma(api);
    const cases: [unknown, string][] = [
      [rs2023.slice(0, 2), MSG.calendarioTrimestresTres],
      [[rs2023[0], { ...rs2023[1], inicio: '2023-05-20' }, rs2023[2]], MSG.calendarioSobreposto(1, 2)],
      [[rs2023[0], rs2023[1], { ...rs2023[2], fim: '2024-01-10' }], MSG.calendarioForaDoAno(3, 2023)],
      [[{ ...rs2023[0], fim: '2023-02-01' }, rs2023[1], rs2023[2]], MSG.calendarioInicioDepoisDoFim(1)],
      [[rs2023[0], rs2023[1], { ...rs2023[2], fim: '2023-02-30' }], MSG.dataInvalida],
    ];
    for (const [trimestres, message] of cases) {
      const res = await client.put<{ message: string; issues: { message: string }[] }>('/api/calendario', { ano: 2023, trimestres });
      expect(res.status).toBe(400);
      expect(res.body.issues.map((i) => i.message)).toContain(message);
    }
    expect((await calendario(client, 2023)).fonte).toBe('rede');
  });

  it('a plan of 15/05 is in the 1st trimestre of the RS 2023 calendar (not the 2nd of the months); a chosen one is kept', async () => {
    const { client, turma } = await teacherWithTurma(api);
    expect((await plan(client, turma.id, { dataInicio: '2023-05-15' })).trimestre).toBe(1);
    expect((await plan(client, turma.id, { dataInicio: '2023-06-02' })).trimestre).toBe(2);
    expect((await plan(client, turma.id, { dataInicio: '2023-05-15', trimestre: 3 })).trimestre).toBe(3);
  });

  it('a calendar change moves the plans whose trimestre was derived, never one the teacher chose, nor other years or users', async () => {
    const { client, turma } = await teacherWithTurma(api);
    const derived = await plan(client, turma.id, { dataInicio: '2023-05-15' });
    const chosen = await plan(client, turma.id, { dataInicio: '2023-05-15', trimestre: 1 });
    const otherYear = await plan(client, turma.id, { dataInicio: '2024-05-15' });
    const edited = await plan(client, turma.id, { dataInicio: '2023-03-10' });
    // Choosing on the plan page makes it the teacher's; moving a derived plan's start date re-derives it.
    expect((await client.put<Plano>(`/api/planos/${chosen.id}`, { trimestre: 1 })).status).toBe(200);
    expect((await client.put<Plano>(`/api/planos/${edited.id}`, { dataInicio: '2023-06-05' })).body.trimestre).toBe(2);
    const stranger = await teacherWithTurma(api);
    const strangers = await plan(stranger.client, stranger.turma.id, { dataInicio: '2023-05-15' });

    const mine = [
      { numero: 1, inicio: '2023-02-06', fim: '2023-04-28' },
      { numero: 2, inicio: '2023-05-02', fim: '2023-08-31' },
      { numero: 3, inicio: '2023-09-01', fim: '2023-12-15' },
    ];
    const saved = await client.put<Calendario & { planosMovidos: number }>('/api/calendario', { ano: 2023, trimestres: mine });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ ano: 2023, tipo: 'trimestre', trimestres: mine, periodos: mine, fonte: 'professor', ato: null, planosMovidos: 1 });
    expect(await calendario(client, 2023)).toEqual({ ano: 2023, tipo: 'trimestre', trimestres: mine, periodos: mine, fonte: 'professor', ato: null });

    expect(await trimestre(client, derived.id)).toBe(2);
    expect(await trimestre(client, chosen.id)).toBe(1);
    expect(await trimestre(client, otherYear.id)).toBe(otherYear.trimestre);
    expect(await trimestre(client, edited.id)).toBe(2);
    expect(await trimestre(stranger.client, strangers.id)).toBe(1);
    // A new plan of that year follows the teacher's own dates.
    expect((await plan(client, turma.id, { dataInicio: '2023-05-15' })).trimestre).toBe(2);
  });

  const bimestres2023 = [
    { numero: 1, inicio: '2023-02-23', fim: '2023-04-28' },
    { numero: 2, inicio: '2023-05-02', fim: '2023-07-14' },
    { numero: 3, inicio: '2023-07-31', fim: '2023-09-29' },
    { numero: 4, inicio: '2023-10-02', fim: '2023-12-22' },
  ];

  it('takes a bimestre calendar ({ ano, tipo, periodos }): plans then carry periodo 1..4 and a null trimestre', async () => {
    const { client, turma } = await teacherWithTurma(api);
    const derived = await plan(client, turma.id, { dataInicio: '2023-05-15' });
    const chosen = await plan(client, turma.id, { dataInicio: '2023-05-15', trimestre: 3 });
    const saved = await client.put<Calendario & { planosMovidos: number }>('/api/calendario', { ano: 2023, tipo: 'bimestre', periodos: bimestres2023 });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ ano: 2023, tipo: 'bimestre', periodos: bimestres2023, trimestres: [], fonte: 'professor', ato: null, planosMovidos: 2 });
    expect((await client.get<Plano>(`/api/planos/${derived.id}`)).body).toMatchObject({ periodo: 2, ano: 2023, periodoTipo: 'bimestre', trimestre: null });
    // A chosen trimestre keeps its number: there is a 3rd bimestre.
    expect((await client.get<Plano>(`/api/planos/${chosen.id}`)).body).toMatchObject({ periodo: 3, periodoTipo: 'bimestre', trimestre: null, periodoEscolhido: true });

    // New plans and edits name the period; `trimestre` under bimestres is 400 naming the kind.
    expect((await plan(client, turma.id, { dataInicio: '2023-10-20' })).periodo).toBe(4);
    expect((await plan(client, turma.id, { dataInicio: '2023-03-01', periodo: 4 })).periodo).toBe(4);
    const refused = await client.post<{ message: string }>('/api/planos/generate', {
      turmaId: turma.id, materiaGeral: 'matematica', dataInicio: '2023-05-15', trimestre: 2,
      aulas: [{ numeroAula: 1, materia: 'matematica', prompt: 'Frações com pizza' }],
    });
    expect(refused).toMatchObject({ status: 400, body: { message: MSG.trimestreForaDoCalendario('bimestre', 2023) } });
    expect(await client.put<{ message: string }>(`/api/planos/${derived.id}`, { trimestre: 1 })).toMatchObject({
      status: 400, body: { message: MSG.trimestreForaDoCalendario('bimestre', 2023) },
    });
    expect(await client.put<{ message: string }>(`/api/planos/${derived.id}`, { periodo: 5 })).toMatchObject({ status: 400, body: { message: MSG.periodoInvalid } });
    expect((await client.put<Plano>(`/api/planos/${derived.id}`, { periodo: 1 })).body).toMatchObject({ periodo: 1, trimestre: null, periodoEscolhido: true });
    // The history filters by period and year.
    const list = await client.get<Plano[]>('/api/planos?periodo=4&anoLetivo=2023');
    expect(list.body.map((p) => p.periodo)).toEqual([4, 4]);
  });

  it('refuses a period count that is not the kind\'s, and a 4th trimestre, naming the problem', async () => {
    const { client, turma } = await teacherWithTurma(api);
    const put = (body: unknown) => client.put<{ message: string; issues: { message: string }[] }>('/api/calendario', body);
    const three = await put({ ano: 2023, tipo: 'bimestre', periodos: bimestres2023.slice(0, 3) });
    expect(three.status).toBe(400);
    expect(three.body.issues.map((i) => i.message)).toContain(MSG.calendarioPeriodosContagem('bimestre'));
    const semestres = await put({ ano: 2023, tipo: 'semestre', periodos: [bimestres2023[0], { ...bimestres2023[1], inicio: '2023-04-01' }] });
    expect(semestres.body.issues.map((i) => i.message)).toContain(MSG.calendarioSobreposto(1, 2, 'semestre'));
    expect((await calendario(client, 2023)).fonte).toBe('rede');
    const refused = await client.post<{ message: string }>('/api/planos/generate', {
      turmaId: turma.id, materiaGeral: 'matematica', dataInicio: '2023-05-15', periodo: 4, trimestre: 3,
      aulas: [{ numeroAula: 1, materia: 'matematica', prompt: 'Frações com pizza' }],
    });
    expect(refused).toMatchObject({ status: 400, body: { message: MSG.periodoTrimestreDivergem } });
    const fourth = await client.post<{ message: string }>('/api/planos/generate', {
      turmaId: turma.id, materiaGeral: 'matematica', dataInicio: '2023-05-15', periodo: 4,
      aulas: [{ numeroAula: 1, materia: 'matematica', prompt: 'Frações com pizza' }],
    });
    expect(fourth).toMatchObject({ status: 400, body: { message: MSG.periodoAcimaDoTipo(4, 'trimestre', 2023) } });
  });

  it('needs a signed-in teacher', async () => {
    expect((await api.client().get('/api/calendario?ano=2023')).status).toBe(401);
    expect((await api.client().put('/api/calendario', { ano: 2023, trimestres: rs2023 })).status).toBe(401);
  });
});
