import { io, type Socket } from 'socket.io-client';
import { hasDistinctAlternatives, MSG, RUBRICA_NIVEIS, type AssessmentProgressEvent, type Avaliacao, type AvaliacaoResumo, type Cobertura, type PublicUser } from '@planejador/contracts';
import { bankQuestionsFor } from '@planejador/curriculum';
import { createPlan, startSharedStack, teacherWithTurma, waitFor, type FakeAi, type TestClient, type TestStack } from '@planejador/testing';

/** Issue 26: assessment by skill, through the api, the queue and a real worker (offline, then with a fake AI). */

/** A plan of the 1st trimestre with one lesson per list of pinned skills, generated to the end. */
const plan = (client: TestClient, turmaId: string, pins: string[][], trimestre = 1) =>
  createPlan(client, turmaId, pins.map((habilidadesFixadas, i) => ({ prompt: `Aula ${i + 1} com frações e medidas`, habilidadesFixadas })), {
    overrides: { trimestre },
    timeoutMs: 60000,
  });

async function credits(client: TestClient): Promise<number> {
  return (await client.get<PublicUser>('/api/auth/user')).body.credits;
}

/** The assessment as GET shows it once its writing ended (done or failed). */
function settled(client: TestClient, id: string): Promise<Avaliacao> {
  return waitFor(
    async () => {
      const res = await client.get<Avaliacao>(`/api/avaliacoes/${id}`);
      return res.status === 200 && (res.body.generation.state === 'done' || res.body.generation.state === 'failed') ? res.body : null;
    },
    { what: `assessment ${id} ended`, timeoutMs: 60000, intervalMs: 200 },
  );
}

describe('assessment by skill, offline (no AI key): open questions and rubric from the BNCC text', () => {
  let api: TestStack;

  beforeAll(async () => {
    api = await startSharedStack({ ai: 'offline' });
  });
  afterAll(() => api?.close());

  it("assesses the trimestre's covered skills: 202, progress by socket, 1 credit, questions and rubric, coverage avaliada, list, edit, export", async () => {
    const { client, turma } = await teacherWithTurma(api, { ano: '5' });
    await plan(client, turma.id, [['EF05MA03'], ['EF05MA08']]);
    await plan(client, turma.id, [['EF05MA03']]);
    await plan(client, turma.id, [['EF05MA19']], 2);
    const before = await credits(client);

    const socket = await new Promise<Socket>((resolve, reject) => {
      const s = io(api.url, { transports: ['websocket'], extraHeaders: { cookie: client.cookieHeader }, reconnection: false });
      s.on('connect', () => resolve(s));
      s.on('connect_error', reject);
    });
    const events: AssessmentProgressEvent[] = [];
    socket.on('assessment:progress', (e: AssessmentProgressEvent) => events.push(e));
    try {
      const res = await client.post<{ id: string }>(`/api/turmas/${turma.id}/avaliacoes`, { trimestre: 1, materia: 'matematica' });
      expect(res.status).toBe(202);
      const early = await client.get<Avaliacao>(`/api/avaliacoes/${res.body.id}`);
      expect(early.body.generation.total).toBe(2);
      const done = await settled(client, res.body.id);
      expect(done.generation).toMatchObject({ state: 'done', done: 2, total: 2 });
      expect(done).toMatchObject({ turmaId: turma.id, trimestre: 1, materia: 'matematica', questoesPorHabilidade: 2, gerador: 'offline' });
      // The default: the subject's skills the class's finished plans of that trimestre cover (not the 2nd's EF05MA19).
      expect(done.habilidades.map((h) => h.code)).toEqual(['EF05MA03', 'EF05MA08']);
      for (const h of done.habilidades) {
        expect(h.description.length).toBeGreaterThan(20);
        expect(h.questoes).toHaveLength(2);
        // Offline: the skill's questions of the question bank (1st trimestre: its first two), never invented; a skill
        // the bank does not hold yet gets open questions drawn from its own text.
        const bank = bankQuestionsFor(h.code);
        const firstWords = h.description.replace(/^\(\w+\)\s*/, '').split(/\s+/).slice(1, 4).join(' ');
        if (bank.length >= 2) expect(h.questoes).toEqual(bank.slice(0, 2).map((q) => ({ ...q, habilidade: h.code })));
        else expect(h.questoes[0]).toMatchObject({ tipo: 'aberta', habilidade: h.code, enunciado: expect.stringContaining(firstWords) });
        expect(h.rubrica.map((r) => r.nivel)).toEqual([...RUBRICA_NIVEIS]);
        expect(h.rubrica.every((r) => r.descritor.includes(firstWords))).toBe(true);
      }
      await waitFor(async () => (events.some((e) => e.type === 'done' && e.avaliacaoId === res.body.id) ? true : null), { what: 'done event' });
      const types = events.filter((e) => e.avaliacaoId === res.body.id).map((e) => e.type);
      expect(types[0]).toBe('started');
      expect(types.filter((t) => t === 'skill-done')).toHaveLength(2);
      expect(await credits(client)).toBe(before - 1);

      // Coverage: the assessed skills are avaliada, a covered one not assessed is not.
      const cobertura = (await client.get<Cobertura>(`/api/turmas/${turma.id}/cobertura`)).body;
      const math = new Map(cobertura.materias.find((m) => m.materia === 'matematica')!.habilidades.map((h) => [h.code, h]));
      expect(math.get('EF05MA03')!.avaliada).toBe(true);
      expect(math.get('EF05MA08')!.avaliada).toBe(true);
      expect(math.get('EF05MA19')!.avaliada).toBe(false);

      const list = await client.get<AvaliacaoResumo[]>(`/api/turmas/${turma.id}/avaliacoes`);
      expect(list.status).toBe(200);
      expect(list.body.map((a) => a.id)).toEqual([res.body.id]);
      expect(list.body[0].habilidades.map((h) => h.code)).toEqual(['EF05MA03', 'EF05MA08']);

      // Edit: a multiple-choice question with two equal alternatives is refused, naming the skill and question.
      const edited = done.habilidades.map((h) => ({ code: h.code, questoes: h.questoes, rubrica: h.rubrica }));
      edited[0] = {
        ...edited[0],
        questoes: [
          { tipo: 'multipla', enunciado: 'Qual fração representa metade?', alternativas: ['1/2', '1/3', ' 1/2 ', '2/3'], correta: 0, habilidade: 'EF05MA03' },
        ],
      };
      const bad = await client.put<{ message: string }>(`/api/avaliacoes/${done.id}`, { habilidades: edited });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe(MSG.avaliacaoQuestaoProblema('EF05MA03', MSG.questaoAlternativasDistintas(1)));
      const badRubric = await client.put<{ message: string }>(`/api/avaliacoes/${done.id}`, { habilidades: [{ ...edited[1], rubrica: edited[1].rubrica.slice(0, 3) }] });
      expect(badRubric.status).toBe(400);
      expect(badRubric.body.message).toBe(MSG.avaliacaoRubricaNiveis('EF05MA08'));
      const outside = await client.put<{ message: string }>(`/api/avaliacoes/${done.id}`, {
        habilidades: [{ ...edited[1], code: 'EF05MA19', questoes: edited[1].questoes.map((q) => ({ ...q, habilidade: 'EF05MA19' })) }],
      });
      expect(outside.status).toBe(400);
      expect(outside.body.message).toBe(MSG.avaliacaoHabilidadeForaDaAvaliacao('EF05MA19'));
      edited[0].questoes = [
        { tipo: 'multipla', enunciado: 'Qual fração representa metade?', alternativas: ['1/3', '1/2', '2/3', '3/4'], correta: 1, habilidade: 'EF05MA03' },
      ];
      const saved = await client.put<Avaliacao>(`/api/avaliacoes/${done.id}`, { habilidades: [edited[0]] });
      expect(saved.status).toBe(200);
      expect(saved.body.habilidades[0].questoes).toEqual(edited[0].questoes);
      expect(saved.body.habilidades[1].questoes).toEqual(done.habilidades[1].questoes);
      expect((await client.get<Avaliacao>(`/api/avaliacoes/${done.id}`)).body.habilidades[0].questoes[0]).toMatchObject({ correta: 1 });

      // Export: a .docx rendered by the worker (through the export queue), streamed by the api.
      const file = await client.get<Buffer>(`/api/avaliacoes/${done.id}/export`);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toContain('wordprocessingml');
      expect(file.body.subarray(0, 2).toString()).toBe('PK');
      expect(decodeURIComponent(file.headers.get('content-disposition') ?? '')).toContain('Avaliação - Turma');
    } finally {
      socket.close();
    }
  }, 120000);

  it('chosen skills, 1 question each; 400 in Portuguese for no skill, a skill of another year, bad trimestre or subject; 402 without credit', async () => {
    const { client, turma } = await teacherWithTurma(api, { ano: '5' });
    const chosen = await client.post<{ id: string }>(`/api/turmas/${turma.id}/avaliacoes`, { trimestre: 3, materia: 'matematica', habilidades: ['ef05ma10'], questoesPorHabilidade: 1 });
    expect(chosen.status).toBe(202);
    const done = await settled(client, chosen.body.id);
    expect(done.habilidades.map((h) => [h.code, h.questoes.length])).toEqual([['EF05MA10', 1]]);
    const before = await credits(client);

    const none = await client.post<{ message: string }>(`/api/turmas/${turma.id}/avaliacoes`, { trimestre: 2, materia: 'matematica' });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe(MSG.avaliacaoSemHabilidades(2, 'Matemática'));
    const empty = await client.post<{ message: string }>(`/api/turmas/${turma.id}/avaliacoes`, { trimestre: 1, materia: 'matematica', habilidades: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe(MSG.avaliacaoHabilidadesVazias);
    const foreign = await client.post<{ message: string }>(`/api/turmas/${turma.id}/avaliacoes`, { trimestre: 1, materia: 'matematica', habilidades: ['EF06MA01'] });
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toBe(MSG.habilidadeForaDoEscopo('EF06MA01', 'do 5º ano', 'Matemática'));
    const badTrimestre = await client.post<{ message: string }>(`/api/turmas/${turma.id}/avaliacoes`, { trimestre: 4, materia: 'matematica' });
    expect(badTrimestre.status).toBe(400);
    expect(badTrimestre.body.message).toBe(MSG.avaliacaoTrimestreInvalid);
    const badMateria = await client.post<{ message: string }>(`/api/turmas/${turma.id}/avaliacoes`, { trimestre: 1, materia: 'alquimia' });
    expect(badMateria.status).toBe(400);
    expect(badMateria.body.message).toBe(MSG.materiaInvalid);
    const tooMany = await client.post<{ message: string }>(`/api/turmas/${turma.id}/avaliacoes`, { trimestre: 1, materia: 'matematica', habilidades: ['EF05MA10'], questoesPorHabilidade: 4 });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toBe(MSG.avaliacaoQuestoesPorHabilidade);
    // Period kinds: a 4th trimestre, a trimestre under the network's bimestres of 2022, trimestre and periodo that differ.
    const post = (body: Record<string, unknown>) =>
      client.post<{ message: string }>(`/api/turmas/${turma.id}/avaliacoes`, { materia: 'matematica', habilidades: ['EF05MA10'], ...body });
    expect(await post({ periodo: 4, ano: 2026 })).toMatchObject({ status: 400, body: { message: MSG.periodoAcimaDoTipo(4, 'trimestre', 2026) } });
    expect(await post({ trimestre: 2, ano: 2022 })).toMatchObject({ status: 400, body: { message: MSG.trimestreForaDoCalendario('bimestre', 2022) } });
    expect(await post({ trimestre: 2, periodo: 3, ano: 2026 })).toMatchObject({ status: 400, body: { message: MSG.periodoTrimestreDivergem } });
    expect(await credits(client)).toBe(before);
    // The 4th bimestre of 2022 is a period: the assessment carries it, with no trimestre.
    const bimestre = await client.post<{ id: string }>(`/api/turmas/${turma.id}/avaliacoes`, { periodo: 4, ano: 2022, materia: 'matematica', habilidades: ['EF05MA10'] });
    expect(bimestre.status).toBe(202);
    const stored = await settled(client, bimestre.body.id);
    expect([stored.periodo, stored.ano, stored.periodoTipo, stored.trimestre]).toEqual([4, 2022, 'bimestre', null]);
    expect(done).toMatchObject({ trimestre: 3, periodo: 3, periodoTipo: 'trimestre' });

    const me = (await client.get<PublicUser>('/api/auth/user')).body;
    await api.orm.em.fork().getConnection().execute(`update users set credits = 0 where id = ?`, [me.id]);
    const broke = await client.post<{ message: string }>(`/api/turmas/${turma.id}/avaliacoes`, { trimestre: 1, materia: 'matematica', habilidades: ['EF05MA10'] });
    expect(broke.status).toBe(402);
    expect(broke.body.message).toBe(MSG.insufficientCredits);
    // The two made above (the 3rd trimestre's and the 4th bimestre of 2022): nothing from the refused ones.
    expect((await client.get<AvaliacaoResumo[]>(`/api/turmas/${turma.id}/avaliacoes`)).body).toHaveLength(2);
  }, 120000);

  it('results by skill: counts stored, answered and in coverage from the newest assessment with results; a PUT keeps the skills it does not name; 400/409/404; delete 204 and coverage forgets', async () => {
    const { client, turma } = await teacherWithTurma(api, { ano: '5' });
    const sql = (text: string, params: unknown[]) => api.orm.em.fork().getConnection().execute(text, params);
    const create = async (habilidades: string[]) => {
      const res = await client.post<{ id: string }>(`/api/turmas/${turma.id}/avaliacoes`, { trimestre: 1, materia: 'matematica', habilidades, questoesPorHabilidade: 1 });
      expect(res.status).toBe(202);
      return settled(client, res.body.id);
    };
    const skill = async (code: string) => {
      const cobertura = (await client.get<Cobertura>(`/api/turmas/${turma.id}/cobertura`)).body;
      return cobertura.materias.find((m) => m.materia === 'matematica')!.habilidades.find((h) => h.code === code)!;
    };
    const niveis = (naoDesenvolveu: number, emDesenvolvimento: number, desenvolveu: number, desenvolveuPlenamente: number) => ({
      naoDesenvolveu,
      emDesenvolvimento,
      desenvolveu,
      desenvolveuPlenamente,
    });
    const resultados = async (id: string) => (await client.get<Avaliacao>(`/api/avaliacoes/${id}`)).body.resultados;

    const first = await create(['EF05MA03', 'EF05MA08']);
    expect(first.resultados).toEqual([]);
    expect(await skill('EF05MA03')).toMatchObject({ avaliada: true, resultado: null });

    // Stored and answered in the skills' order, whatever the order sent.
    const both = [
      { code: 'EF05MA08', niveis: niveis(0, 0, 0, 0) },
      { code: 'ef05ma03', niveis: niveis(2, 5, 10, 3) },
    ];
    const saved = await client.put<Avaliacao>(`/api/avaliacoes/${first.id}/resultados`, { habilidades: both });
    expect(saved.status).toBe(200);
    const expected = [
      { code: 'EF05MA03', niveis: niveis(2, 5, 10, 3) },
      { code: 'EF05MA08', niveis: niveis(0, 0, 0, 0) },
    ];
    expect(saved.body.resultados).toEqual(expected);
    expect(await resultados(first.id)).toEqual(expected);
    // Coverage: the counts, their total and the share at "desenvolveu" or above (null when nobody was counted).
    expect((await skill('EF05MA03')).resultado).toEqual({ niveis: niveis(2, 5, 10, 3), total: 20, desenvolveuOuMais: 0.65 });
    expect((await skill('EF05MA08')).resultado).toEqual({ niveis: niveis(0, 0, 0, 0), total: 0, desenvolveuOuMais: null });
    expect((await skill('EF05MA01')).resultado).toBeNull();

    // A PUT replaces the results of the skills it names; the others stay.
    const one = await client.put<Avaliacao>(`/api/avaliacoes/${first.id}/resultados`, { habilidades: [{ code: 'EF05MA08', niveis: niveis(1, 1, 1, 1) }] });
    expect(one.status).toBe(200);
    expect(one.body.resultados).toEqual([expected[0], { code: 'EF05MA08', niveis: niveis(1, 1, 1, 1) }]);
    expect((await skill('EF05MA08')).resultado).toEqual({ niveis: niveis(1, 1, 1, 1), total: 4, desenvolveuOuMais: 0.5 });

    // Bad input: 400 in Portuguese naming the problem, and nothing changes.
    const kept = await resultados(first.id);
    const refused: [unknown, string][] = [
      [{ habilidades: [{ code: 'EF05MA19', niveis: niveis(1, 1, 1, 1) }] }, MSG.avaliacaoHabilidadeForaDaAvaliacao('EF05MA19')],
      [{ habilidades: [{ code: 'EF05MA03', niveis: niveis(0, 0, 0, 1) }, { code: 'EF05MA03', niveis: niveis(1, 0, 0, 0) }] }, MSG.avaliacaoHabilidadeRepetida('EF05MA03')],
      [{ habilidades: [{ code: 'EF05MA03', niveis: niveis(0, 0, 201, 0) }] }, MSG.avaliacaoResultadoNivelInvalido('EF05MA03', 'desenvolveu')],
      [{ habilidades: [{ code: 'EF05MA03', niveis: niveis(-1, 0, 0, 0) }] }, MSG.avaliacaoResultadoNivelInvalido('EF05MA03', 'não desenvolveu')],
      [{ habilidades: [{ code: 'EF05MA03', niveis: niveis(0, 2.5, 0, 0) }] }, MSG.avaliacaoResultadoNivelInvalido('EF05MA03', 'em desenvolvimento')],
      [{ habilidades: [{ code: 'EF05MA03', niveis: { naoDesenvolveu: 1, emDesenvolvimento: 1, desenvolveu: 1 } }] }, MSG.avaliacaoResultadoNivelInvalido('EF05MA03', 'desenvolveu plenamente')],
      [{ habilidades: [{ code: 'EF05MA03' }] }, MSG.avaliacaoResultadoNiveisAusentes],
      [{ habilidades: [] }, MSG.avaliacaoResultadosVazios],
    ];
    for (const [body, message] of refused) {
      const bad = await client.put<{ message: string }>(`/api/avaliacoes/${first.id}/resultados`, body);
      expect([bad.status, bad.body.message]).toEqual([400, message]);
    }
    expect(await resultados(first.id)).toEqual(kept);

    // Coverage reads the newest assessment holding the skill with results: a newer one without results changes nothing.
    const second = await create(['EF05MA03']);
    const list = await client.get<AvaliacaoResumo[]>(`/api/turmas/${turma.id}/avaliacoes`);
    expect(list.body.map((a) => a.id)).toEqual([second.id, first.id]);
    expect(list.body[0].habilidades).toEqual([{ code: 'EF05MA03', description: second.habilidades[0].description }]);
    expect((await skill('EF05MA03')).resultado).toMatchObject({ total: 20 });
    expect((await client.put(`/api/avaliacoes/${second.id}/resultados`, { habilidades: [{ code: 'EF05MA03', niveis: niveis(1, 1, 1, 1) }] })).status).toBe(200);
    expect((await skill('EF05MA03')).resultado).toEqual({ niveis: niveis(1, 1, 1, 1), total: 4, desenvolveuOuMais: 0.5 });

    // Another teacher's: 404, and nothing changes.
    const stranger = await teacherWithTurma(api, { ano: '5' });
    expect((await stranger.client.put(`/api/avaliacoes/${second.id}/resultados`, { habilidades: [{ code: 'EF05MA03', niveis: niveis(9, 9, 9, 9) }] })).status).toBe(404);
    expect((await stranger.client.delete(`/api/avaliacoes/${second.id}`)).status).toBe(404);
    expect((await client.get(`/api/avaliacoes/${second.id}`)).status).toBe(200);
    expect((await skill('EF05MA03')).resultado).toMatchObject({ total: 4 });

    // Queued or being written: 409 for results and for delete (updated_at ahead, so the sweeper leaves it alone).
    for (const state of ['queued', 'running']) {
      await sql(`update avaliacoes set generation_state = ?, updated_at = now() + interval '1 hour' where id = ?`, [state, second.id]);
      const put = await client.put<{ message: string }>(`/api/avaliacoes/${second.id}/resultados`, { habilidades: [{ code: 'EF05MA03', niveis: niveis(0, 0, 0, 0) }] });
      expect([put.status, put.body.message]).toEqual([409, MSG.avaliacaoNaoConcluida]);
      const del = await client.delete<{ message: string }>(`/api/avaliacoes/${second.id}`);
      expect([del.status, del.body.message]).toEqual([409, MSG.avaliacaoExcluirEmAndamento]);
    }
    await sql(`update avaliacoes set generation_state = 'done', updated_at = now() where id = ?`, [second.id]);
    expect(await resultados(second.id)).toEqual([{ code: 'EF05MA03', niveis: niveis(1, 1, 1, 1) }]);

    // Delete: 204, gone from the list, and coverage forgets it (the older assessment's results come back, then none).
    const deleted = await client.delete(`/api/avaliacoes/${second.id}`);
    expect(deleted.status).toBe(204);
    expect((await client.get(`/api/avaliacoes/${second.id}`)).status).toBe(404);
    expect((await client.delete(`/api/avaliacoes/${second.id}`)).status).toBe(404);
    expect((await client.get<AvaliacaoResumo[]>(`/api/turmas/${turma.id}/avaliacoes`)).body.map((a) => a.id)).toEqual([first.id]);
    expect((await skill('EF05MA03')).resultado).toMatchObject({ total: 20, desenvolveuOuMais: 0.65 });
    expect((await client.delete(`/api/avaliacoes/${first.id}`)).status).toBe(204);
    expect(await skill('EF05MA03')).toMatchObject({ avaliada: false, resultado: null });
    expect(await skill('EF05MA08')).toMatchObject({ avaliada: false, resultado: null });
    expect((await client.get<AvaliacaoResumo[]>(`/api/turmas/${turma.id}/avaliacoes`)).body).toEqual([]);
  }, 120000);

  it("another teacher's assessment and class answer 404 on every route", async () => {
    const owner = await teacherWithTurma(api, { ano: '5' });
    const res = await owner.client.post<{ id: string }>(`/api/turmas/${owner.turma.id}/avaliacoes`, { trimestre: 1, materia: 'matematica', habilidades: ['EF05MA01'], questoesPorHabilidade: 1 });
    const done = await settled(owner.client, res.body.id);
    const stranger = await teacherWithTurma(api, { ano: '5' });
    const body = { habilidades: done.habilidades.map((h) => ({ code: h.code, questoes: h.questoes, rubrica: h.rubrica })) };
    expect((await stranger.client.get(`/api/avaliacoes/${done.id}`)).status).toBe(404);
    expect((await stranger.client.put(`/api/avaliacoes/${done.id}`, body)).status).toBe(404);
    expect((await stranger.client.get(`/api/avaliacoes/${done.id}/export`)).status).toBe(404);
    expect((await stranger.client.get(`/api/turmas/${owner.turma.id}/avaliacoes`)).status).toBe(404);
    const before = await credits(stranger.client);
    expect((await stranger.client.post(`/api/turmas/${owner.turma.id}/avaliacoes`, { trimestre: 1, materia: 'matematica', habilidades: ['EF05MA01'] })).status).toBe(404);
    expect(await credits(stranger.client)).toBe(before);
    expect((await stranger.client.get('/api/avaliacoes/not-a-uuid')).status).toBe(404);
    expect((await owner.client.put(`/api/avaliacoes/${done.id}`, body)).status).toBe(200);
  }, 120000);
});

/** Answers of the fake AI: 2 multiple-choice questions and the 4 descriptors, whatever the skill. */
const AI_ANSWER = {
  questoes: [
    { tipo: 'multipla', enunciado: 'Qual fração representa a parte pintada de uma pizza cortada em 4 com 1 pedaço pintado?', alternativas: ['1/4', '1/2', '3/4', '4/1'], correta: 0, respostaEsperada: '1 de 4 partes iguais.' },
    { tipo: 'multipla', enunciado: 'Qual número fica entre 0 e 1 na reta numérica?', alternativas: ['2', '3/2', '1/3', '5'], correta: 2, respostaEsperada: '1/3 é menor que 1.' },
  ],
  rubrica: { naoDesenvolveu: 'Não reconhece frações.', emDesenvolvimento: 'Reconhece com apoio.', desenvolveu: 'Representa frações sozinho.', desenvolveuPlenamente: 'Representa e explica frações na reta.' },
};

describe('assessment by skill with an AI (fake OpenAI server)', () => {
  let api: TestStack;
  let ai: FakeAi;

  beforeAll(async () => {
    api = await startSharedStack({ ai: 'fake' });
    ai = api.ai!;
  });
  afterAll(() => api?.close());

  it('writes multiple-choice questions from the JSON schema answer, retrying an invalid one', async () => {
    const { client, turma } = await teacherWithTurma(api, { ano: '5' });
    ai.script(
      // The first answer repeats an alternative: refused and asked again.
      { match: 'avaliar a habilidade EF05MA03', content: { ...AI_ANSWER, questoes: [AI_ANSWER.questoes[0], { ...AI_ANSWER.questoes[1], alternativas: ['1/3', '1/3', '2', '5'] }] } },
      { match: 'para avaliar a habilidade', times: 100, content: AI_ANSWER },
    );
    const res = await client.post<{ id: string }>(`/api/turmas/${turma.id}/avaliacoes`, { trimestre: 1, materia: 'matematica', habilidades: ['EF05MA03', 'EF05MA08'] });
    expect(res.status).toBe(202);
    const done = await settled(client, res.body.id);
    expect(done.generation.state).toBe('done');
    expect(done.gerador).toBe('openai');
    for (const h of done.habilidades) {
      expect(h.questoes).toEqual(AI_ANSWER.questoes.map((q) => ({ tipo: 'multipla', enunciado: q.enunciado, alternativas: q.alternativas, correta: q.correta, habilidade: h.code })));
      expect(h.rubrica).toEqual(RUBRICA_NIVEIS.map((nivel, i) => ({ nivel, descritor: Object.values(AI_ANSWER.rubrica)[i] })));
    }
    const calls = ai.calls.filter((c) => c.text.includes('para avaliar a habilidade'));
    expect(calls.filter((c) => c.text.includes('EF05MA03'))).toHaveLength(2);
    expect(calls.filter((c) => c.text.includes('avaliar a habilidade EF05MA08'))).toHaveLength(1);
    // The official text went to the AI; the answer was asked in a strict JSON schema with a max_tokens bound.
    const body = calls[0].body as { max_tokens: number; response_format: { type: string; json_schema: { strict: boolean } } };
    expect(body.response_format).toMatchObject({ type: 'json_schema', json_schema: { strict: true } });
    expect(body.max_tokens).toBeGreaterThan(0);
  }, 120000);

  it('an assessment through the real worker and the fake AI server ends done with 4 distinct alternatives per multiple-choice question', async () => {
    // No script: the fake server answers exactly what the JSON schema asks (its first anyOf branch, the fewest items).
    ai.reset();
    const { client, turma } = await teacherWithTurma(api, { ano: '5' });
    const res = await client.post<{ id: string }>(`/api/turmas/${turma.id}/avaliacoes`, { trimestre: 1, materia: 'matematica', habilidades: ['EF05MA03', 'EF05MA08'], questoesPorHabilidade: 3 });
    expect(res.status).toBe(202);
    const done = await settled(client, res.body.id);
    expect(done.generation.state).toBe('done');
    expect(done.gerador).toBe('openai');
    expect(done.habilidades.map((h) => h.code)).toEqual(['EF05MA03', 'EF05MA08']);
    for (const h of done.habilidades) {
      expect(h.questoes).toHaveLength(3);
      for (const q of h.questoes) {
        expect(q).toMatchObject({ tipo: 'multipla', habilidade: h.code });
        if (q.tipo !== 'multipla') continue;
        expect(q.alternativas).toHaveLength(4);
        expect(hasDistinctAlternatives(q.alternativas)).toBe(true);
        expect([0, 1, 2, 3]).toContain(q.correta);
      }
      expect(h.rubrica.map((r) => r.nivel)).toEqual([...RUBRICA_NIVEIS]);
      expect(h.rubrica.every((r) => r.descritor.trim().length > 0)).toBe(true);
    }
    // Each skill was asked once: the schema-following answer was never refused.
    const calls = ai.calls.filter((c) => c.text.includes('para avaliar a habilidade'));
    expect(calls.map((c) => c.outcome)).toEqual(['answer', 'answer']);
  }, 120000);

  it('an AI that keeps failing: the assessment ends failed with its credit back, exactly once', async () => {
    const { client, turma } = await teacherWithTurma(api, { ano: '5' });
    ai.reset();
    ai.script({ match: 'avaliar a habilidade EF05MA05', status: 500, times: 1000 }, { match: 'para avaliar a habilidade', times: 100, content: AI_ANSWER });
    const before = await credits(client);
    const res = await client.post<{ id: string }>(`/api/turmas/${turma.id}/avaliacoes`, { trimestre: 1, materia: 'matematica', habilidades: ['EF05MA04', 'EF05MA05'] });
    expect(res.status).toBe(202);
    expect(await credits(client)).toBe(before - 1);
    const failed = await settled(client, res.body.id);
    expect(failed.generation).toMatchObject({ state: 'failed', creditRefunded: true });
    expect(failed.generation.error).toMatch(/crédito foi devolvido/);
    expect(await credits(client)).toBe(before);
    // Never written twice: the skill answered before the failure was asked once, over every attempt.
    // (A streamed answer that went out whole is an 'answer': the writer streams, issue 36.)
    expect(ai.calls.filter((c) => c.outcome === 'answer' && c.text.includes('avaliar a habilidade EF05MA04'))).toHaveLength(1);
    // A failed assessment is not avaliada, and its export is refused.
    const cobertura = (await client.get<Cobertura>(`/api/turmas/${turma.id}/cobertura`)).body;
    expect(cobertura.materias.find((m) => m.materia === 'matematica')!.habilidades.find((h) => h.code === 'EF05MA04')!.avaliada).toBe(false);
    expect((await client.get(`/api/avaliacoes/${failed.id}/export`)).status).toBe(409);
    // No results for an assessment that was never done; it can be deleted.
    const results = await client.put<{ message: string }>(`/api/avaliacoes/${failed.id}/resultados`, {
      habilidades: [{ code: 'EF05MA04', niveis: { naoDesenvolveu: 1, emDesenvolvimento: 2, desenvolveu: 3, desenvolveuPlenamente: 4 } }],
    });
    expect([results.status, results.body.message]).toEqual([409, MSG.avaliacaoNaoConcluida]);
    // The credit stays returned once however many times the sweeper looks.
    await new Promise((r) => setTimeout(r, 1500));
    expect(await credits(client)).toBe(before);
    expect((await client.delete(`/api/avaliacoes/${failed.id}`)).status).toBe(204);
    expect(await credits(client)).toBe(before);
  }, 120000);
});
