import { MSG, type Aula, type Cobertura, type HabilidadeMatch, type MatrizData, type MatrizMeta, type Plano, type Turma } from '@planejador/contracts';
import { bankQuestionsFor } from '@planejador/curriculum';
import JSZip from 'jszip';
import { createPlan, generateRequest, signUpTeacher, startSharedStack, teacherWithTurma, turmaInput, type TestStack } from '@planejador/testing';

/** The whole BNCC (decisions.md): GET /api/habilidades for each school stage and Computação. */
describe('skill search by school stage', () => {
  let api: TestStack;

  beforeAll(async () => {
    api = await startSharedStack({ ai: 'offline' });
  });
  afterAll(() => api?.close());

  const search = async (query: string) => {
    const { client } = await teacherWithTurma(api);
    return client.get<HabilidadeMatch[] & { message?: string; issues?: { path: string; message: string }[] }>(`/api/habilidades?${query}`);
  };

  it('searches the objectives of a campo de experiências for a grupo etário of Educação Infantil', async () => {
    const res = await search(`etapa=infantil&ano=3&materia=corpo-gestos-movimentos&q=${encodeURIComponent('circuito com cordas, bambolês e túnel')}&limit=20`);
    expect(res.status).toBe(200);
    expect(res.body.length).toBe(5);
    expect(res.body.every((s) => /^EI03CG\d{2}$/.test(s.code))).toBe(true);
    const computacao = await search('etapa=infantil&ano=3&materia=computacao&limit=50');
    expect(computacao.body.map((s) => s.code)).toEqual(Array.from({ length: 11 }, (_, i) => `EI03CO${String(i + 1).padStart(2, '0')}`));
  });

  it("searches an área's whole set in any série of Ensino Médio, and Computação in the Ensino Fundamental", async () => {
    const first = await search('etapa=medio&ano=1&materia=ciencias-natureza&limit=50');
    const third = await search('etapa=medio&ano=3&materia=ciencias-natureza&limit=50');
    expect(first.status).toBe(200);
    expect(first.body).toHaveLength(26);
    expect(third.body.map((s) => s.code)).toEqual(first.body.map((s) => s.code));
    const portugues = await search('etapa=medio&ano=2&materia=portugues&limit=50');
    expect(portugues.body).toHaveLength(50);
    expect(portugues.body.every((s) => s.code.startsWith('EM13LP'))).toBe(true);
    const co = await search('ano=5&materia=computacao&limit=50');
    expect(co.body.map((s) => s.code)).toEqual(expect.arrayContaining(['EF05CO01', 'EF15CO01']));
    expect(co.body.every((s) => /^EF(05|15)CO\d{2}$/.test(s.code))).toBe(true);
  });

  it('keeps the default stage: a request without etapa searches the Ensino Fundamental as before', async () => {
    const res = await search('ano=5&materia=portugues&limit=50');
    expect(res.body.every((s) => s.code.startsWith('EF'))).toBe(true);
  });

  it('answers a bad stage, or a year or subject outside the stage, with a Portuguese 400 naming them', async () => {
    const stage = await search('etapa=superior&ano=1&materia=matematica');
    expect(stage.status).toBe(400);
    expect(stage.body.issues).toEqual([{ path: 'etapa', message: MSG.etapaInvalid }]);
    const ano = await search('etapa=medio&ano=4&materia=matematica');
    expect(ano.status).toBe(400);
    expect(ano.body.message).toBe('O ano 4 não existe na etapa Ensino Médio (use de 1 a 3).');
    const materia = await search('etapa=infantil&ano=2&materia=historia');
    expect(materia.status).toBe(400);
    expect(materia.body.message).toBe('A matéria História não é da etapa Educação Infantil.');
    const both = await search('etapa=fundamental&ano=10&materia=linguagens');
    expect(both.body.issues).toEqual([
      { path: 'ano', message: 'O ano 10 não existe na etapa Ensino Fundamental (use de 1 a 9).' },
      { path: 'materia', message: 'A matéria Linguagens não é da etapa Ensino Fundamental.' },
    ]);
  });

  it('keeps classes of each stage with their own years, and refuses a year outside the stage naming it', async () => {
    const { client } = await signUpTeacher(api);
    const infantil = await client.post<Turma>('/api/turmas', turmaInput({ numero: 'P5', etapa: 'infantil', ano: '3' }));
    expect(infantil.status).toBe(201);
    expect(infantil.body).toMatchObject({ etapa: 'infantil', ano: '3' });
    const medio = await client.post<Turma>('/api/turmas', turmaInput({ numero: '201', etapa: 'medio', ano: '2' }));
    expect(medio.body).toMatchObject({ etapa: 'medio', ano: '2' });
    // A class that names no stage is of the Ensino Fundamental, as every class before the stages.
    expect((await client.post<Turma>('/api/turmas', turmaInput({ numero: '71', ano: '7' }))).body.etapa).toBe('fundamental');
    for (const [body, message] of [
      [turmaInput({ numero: 'x1', etapa: 'medio', ano: '4' }), 'O ano 4 não existe na etapa Ensino Médio (use de 1 a 3).'],
      [turmaInput({ numero: 'x2', etapa: 'infantil', ano: '5' }), 'O ano 5 não existe na etapa Educação Infantil (use de 1 a 3).'],
      [turmaInput({ numero: 'x3', etapa: 'tecnico', ano: '1' }), MSG.etapaInvalid],
    ] as const) {
      const res = await client.post<{ message: string }>('/api/turmas', body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    }
    const moved = await client.put<{ message: string }>(`/api/turmas/${medio.body.id}`, turmaInput({ numero: '201', etapa: 'medio', ano: '7' }));
    expect(moved.status).toBe(400);
    // An edit that names no stage keeps the class's own: a médio class stays médio, its year checked against it.
    const withoutStage = turmaInput({ numero: '201', ano: '3', escola: 'Escola editada' });
    expect(withoutStage).not.toHaveProperty('etapa');
    const kept = await client.put<Turma>(`/api/turmas/${medio.body.id}`, withoutStage);
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({ etapa: 'medio', ano: '3', escola: 'Escola editada' });
    const outside = await client.put<{ message: string; issues: unknown[] }>(`/api/turmas/${medio.body.id}`, { ...withoutStage, ano: '7' });
    expect(outside.status).toBe(400);
    expect(outside.body).toMatchObject({ message: 'O ano 7 não existe na etapa Ensino Médio (use de 1 a 3).', issues: [{ path: 'ano' }] });
    expect((await client.get<Turma[]>('/api/turmas')).body.find((t) => t.id === medio.body.id)).toMatchObject({ etapa: 'medio', ano: '3' });
    expect((await client.get<Turma[]>('/api/turmas')).body).toHaveLength(3);
  });

  it("answers the matrix and the coverage of a class in its stage, and refuses pins of another stage before charging", async () => {
    const { client, turma } = await teacherWithTurma(api, { numero: '301', etapa: 'medio', ano: '3' });
    const matriz = await client.get<MatrizData>(`/api/matriz/${turma.id}/matematica`);
    expect(Object.keys(matriz.body)).toEqual(['3ª série do Ensino Médio']);
    expect((await client.get<MatrizMeta>(`/api/matriz/${turma.id}/matematica/info`)).body).toMatchObject({ total: 43, componente: 'Matemática e suas Tecnologias' });
    const cobertura = await client.get<Cobertura>(`/api/turmas/${turma.id}/cobertura`);
    expect(cobertura.body.materias.map((m) => [m.materia, m.total])).toEqual([
      ['linguagens', 82],
      ['matematica', 43],
      ['ciencias-natureza', 26],
      ['ciencias-humanas', 32],
      ['portugues', 54],
      ['computacao', 26],
    ]);
    const pinned = await client.post<{ message: string }>(
      '/api/planos/generate',
      generateRequest(turma.id, [{ prompt: 'Funções no GeoGebra', habilidadesFixadas: ['EF09MA06'] }]),
    );
    expect(pinned.status).toBe(400);
    expect(pinned.body.message).toBe('A habilidade EF09MA06 não é da 3ª série do Ensino Médio de Matemática.');
    const subject = await client.post<{ message: string }>('/api/planos/generate', generateRequest(turma.id, ['Frações'], { materiaGeral: 'ciencias' }));
    expect(subject.status).toBe(400);
    expect(subject.body.message).toBe('Não há habilidades da BNCC de Ciências para a 3ª série do Ensino Médio.');

    const infantil = await teacherWithTurma(api, { numero: 'P4', etapa: 'infantil', ano: '2' });
    const ei = await infantil.client.get<Cobertura>(`/api/turmas/${infantil.turma.id}/cobertura`);
    expect(ei.body.materias.map((m) => [m.materia, m.total])).toEqual([
      ['eu-outro-nos', 7],
      ['corpo-gestos-movimentos', 5],
      ['tracos-sons-cores-formas', 3],
      ['escuta-fala-pensamento-imaginacao', 9],
      ['espacos-tempos-quantidades', 8],
    ]);
  });

  it('drafts a plan for an Ensino Médio class from its área (pins kept) and exports it with the série', async () => {
    const { client, turma } = await teacherWithTurma(api, { numero: '102', etapa: 'medio', ano: '1' });
    const plan = await createPlan(client, turma.id, [{ prompt: 'Lucro da cantina com função do 2º grau', habilidadesFixadas: ['EM13MAT302'] }, 'Juros compostos e logaritmo']);
    expect(plan.turma).toMatchObject({ etapa: 'medio', ano: '1' });
    expect(plan.aulas[0].habilidadeCodes).toEqual(['EM13MAT302']);
    expect(plan.aulas[1].habilidadeCodes.every((code) => /^EM13MAT\d{3}$/.test(code))).toBe(true);
    const res = await client.get<Buffer>(`/api/planos/${plan.id}/export`);
    expect(res.status).toBe(200);
    const xml = await (await JSZip.loadAsync(res.body)).file('word/document.xml')!.async('string');
    expect(xml).toContain('1ª série do Ensino Médio');
    expect(xml).toContain('EM13MAT302');
  });

  it('drafts an infantil plan as a proposta of experiences checked by points to observe, exported under their heading without a Gabarito', async () => {
    const { client, turma } = await teacherWithTurma(api, { numero: 'P5', etapa: 'infantil', ano: '3' });
    const plan = await createPlan(client, turma.id, [{ prompt: 'Circuito com cordas, bambolês e túnel no pátio', materia: 'corpo-gestos-movimentos' }], {
      overrides: { materiaGeral: 'corpo-gestos-movimentos', temaPrincipal: 'Movimento' },
    });
    const [aula] = plan.aulas;
    expect(aula.habilidadeCodes.length).toBeGreaterThan(0);
    expect(aula.habilidadeCodes.every((code) => /^EI03CG\d{2}$/.test(code))).toBe(true);
    expect(aula.experiencias).toContain('Proposta de experiências no campo de experiência "Corpo, gestos e movimentos"');
    expect(aula.experiencias).toContain('roda de conversa');
    expect(aula.experiencias).toContain('Circuito com cordas, bambolês e túnel no pátio');
    expect(aula.experiencias).not.toMatch(/estudantes|verificação da aprendizagem/i);
    expectObservationPoints(aula);
    // The objective's points to observe of the question bank; for an objective it does not hold yet, what to look for
    // is drawn from the objective's official text.
    const [first] = aula.verificacao!.questoes;
    const bank = bankQuestionsFor(first.habilidade);
    if (bank.length) expect(bank.map((b) => b.enunciado)).toContain(first.enunciado);
    else expect(first).toMatchObject({ respostaEsperada: expect.stringMatching(/^Observar se a criança (?:se envolve|consegue)/) });
    expect(aula.objetosConhecimento).toContain('Corpo, gestos e movimentos');

    // Saved through the api, a point to observe stays open: a multiple-choice item is refused, nothing changes.
    const [point] = aula.verificacao!.questoes;
    const closed = { tipo: 'multipla', enunciado: point.enunciado, alternativas: ['Sim', 'Não', 'Às vezes', 'Nunca'], correta: 0, habilidade: point.habilidade };
    const refused = await client.put<{ message: string }>(`/api/planos/${plan.id}`, {
      aulas: [{ id: aula.id, versao: aula.versao, verificacao: { questoes: [closed, ...aula.verificacao!.questoes.slice(1)] } }],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(MSG.pontoDeObservacaoAberto(1, 1));
    expect((await client.get<Plano>(`/api/planos/${plan.id}`)).body.aulas[0].verificacao).toEqual(aula.verificacao);

    const res = await client.get<Buffer>(`/api/planos/${plan.id}/export`);
    expect(res.status).toBe(200);
    const xml = await (await JSZip.loadAsync(res.body)).file('word/document.xml')!.async('string');
    expect(xml).toContain('Creche/Pré-escola — crianças pequenas');
    expect(xml).toContain('Pontos de observação');
    expect(xml).toContain('O que observar: ');
    expect(xml).not.toContain('Verificação da aprendizagem');
    expect(xml).not.toContain('Gabarito');
  });

  it('keeps each lesson of a mixed-subject plan of the 2º ano on its own subject, skills and pins', async () => {
    const { client, turma } = await teacherWithTurma(api, { numero: '21', ano: '2' });
    const plan = await createPlan(
      client,
      turma.id,
      [
        'Contar tampinhas de 10 em 10',
        { prompt: 'Ler parlendas e achar as rimas', materia: 'portugues' },
        { prompt: 'Sequência de passos para escovar os dentes', materia: 'computacao', habilidadesFixadas: ['EF15CO02'] },
      ],
      { overrides: { materiaGeral: 'matematica' } },
    );
    expect(plan.materiaGeral).toBe('matematica');
    expect(plan.aulas.map((a) => a.materia)).toEqual(['matematica', 'portugues', 'computacao']);
    expect(plan.aulas[0].habilidadeCodes.every((c) => /^EF(02|12)MA\d{2}$/.test(c))).toBe(true);
    expect(plan.aulas[1].habilidadeCodes.every((c) => /^EF(02|12|15)LP\d{2}$/.test(c))).toBe(true);
    expect(plan.aulas[2].habilidadeCodes).toEqual(['EF15CO02']);
    // A pin of another subject than its lesson's, or a lesson subject of another stage, is refused before charging.
    const wrongPin = await client.post<{ message: string }>(
      '/api/planos/generate',
      generateRequest(turma.id, [{ prompt: 'Rimas', materia: 'portugues', habilidadesFixadas: ['EF02MA01'] }]),
    );
    expect(wrongPin.body.message).toBe('A habilidade EF02MA01 não é do 2º ano de Português.');
    const otherStage = await client.post<{ message: string }>('/api/planos/generate', generateRequest(turma.id, [{ prompt: 'Área', materia: 'linguagens' }]));
    expect(otherStage.status).toBe(400);
    expect(otherStage.body.message).toBe('Não há habilidades da BNCC de Linguagens para o 2º ano.');
  });
});

/** Infantil's check (decisions.md, "The whole BNCC"): 3 open points to observe, each with what to look for and an objective of the lesson. */
function expectObservationPoints(aula: Aula): void {
  const questoes = aula.verificacao?.questoes ?? [];
  expect(questoes).toHaveLength(3);
  for (const questao of questoes) {
    expect(questao.tipo).toBe('aberta');
    expect(questao.tipo === 'aberta' && questao.respostaEsperada.trim().length).toBeGreaterThan(0);
    expect(aula.habilidadeCodes).toContain(questao.habilidade);
  }
}

describe('infantil with the fake AI server', () => {
  let api: TestStack;

  beforeAll(async () => {
    api = await startSharedStack({ ai: 'fake' });
  });
  afterAll(() => api?.close());

  it('asks for a proposta for crianças pequenas with points to observe only, and refuses a multiple-choice answer (retried)', async () => {
    const ai = api.ai!;
    const { client, turma } = await teacherWithTurma(api, { numero: 'P4', etapa: 'infantil', ano: '3' });
    const multipla = { enunciado: 'Qual personagem?', alternativas: ['Lobo', 'Avó', 'Caçador', 'Menina'], correta: 0, habilidade: 'EI03EF01' };
    ai.script({ match: 'Roda de histórias', times: 1, content: { verificacao: { questoes: [multipla, multipla, multipla] } } });
    const plan = await createPlan(client, turma.id, [{ prompt: 'Roda de histórias com fantoches', materia: 'escuta-fala-pensamento-imaginacao' }], {
      overrides: { materiaGeral: 'escuta-fala-pensamento-imaginacao', temaPrincipal: 'Histórias' },
      timeoutMs: 60000,
    });
    const calls = ai.calls.filter((c) => c.text.includes('Roda de histórias'));
    expect(calls.length).toBeGreaterThanOrEqual(2);
    // The first answer was the scripted multiple-choice one (a streamed answer's outcome is 'answer' either way).
    expect(calls[0].step?.content).toBeDefined();
    const [first] = calls;
    expect(first.text).toContain('Creche/Pré-escola — crianças pequenas');
    expect(first.text).toContain('proposta de experiências para crianças pequenas (grupo etário da Educação Infantil) no campo de experiência "Escuta, fala, pensamento e imaginação"');
    expect(first.text).toContain('3 pontos de observação');
    const body = first.body as { response_format: { json_schema: { schema: { properties: { verificacao: unknown } } } } };
    const check = JSON.stringify(body.response_format.json_schema.schema.properties.verificacao);
    expect(check).toContain('respostaEsperada');
    expect(check).not.toMatch(/alternativas|correta/);
    // The multiple-choice answer never reaches the lesson: the retried answer's points to observe do.
    expectObservationPoints(plan.aulas[0]);
    expect(plan.aulas[0].verificacao!.questoes.map((q) => q.enunciado)).not.toContain('Qual personagem?');
  });
});
