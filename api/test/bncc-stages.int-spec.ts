import { MSG, type HabilidadeMatch } from '@planejador/contracts';
import { teacherWithTurma } from '@planejador/testing';
import { startApi, type ApiHarness } from './api-harness';

/** The whole BNCC (decisions.md): GET /api/habilidades for each school stage and Computação. */
describe('skill search by school stage', () => {
  let api: ApiHarness;

  beforeAll(async () => {
    api = await startApi({ OPENAI_API_KEY: '' });
  });
  afterAll(async () => {
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
});
