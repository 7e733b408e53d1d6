import { MSG, type Cobertura, type HabilidadeMatch, type MatrizData, type MatrizMeta, type Turma } from '@planejador/contracts';
import JSZip from 'jszip';
import { createPlan, generateRequest, signUpTeacher, spawnWorker, teacherWithTurma, turmaInput, type ManagedProcess } from '@planejador/testing';
import { startApi, type ApiHarness } from './api-harness';

/** The whole BNCC (decisions.md): GET /api/habilidades for each school stage and Computação. */
describe('skill search by school stage', () => {
  let api: ApiHarness;
  let worker: ManagedProcess;

  beforeAll(async () => {
    api = await startApi({ OPENAI_API_KEY: '' });
    worker = await spawnWorker({ OPENAI_API_KEY: '' });
  });
  afterAll(async () => {
    await worker?.stop();
    await api?.close();
  });

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
