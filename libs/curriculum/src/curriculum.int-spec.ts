import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MikroORM } from '@mikro-orm/postgresql';
import { CURRICULUM_CREDIT } from '@planejador/contracts';
import { copyDatabase, dropDatabase, ormConfig } from '@planejador/db';
import { testCurriculumDir } from './__tests__/bncc-records';
import { CurriculumValidationError } from './curriculum-files';
import { curriculumSkillCount, importCurriculum } from './curriculum-import';
import { CurriculumService } from './curriculum.service';

// A database of its own, a copy of the run's migrated one with no curriculum (named after the run, so the run's
// teardown drops it in any case): these tests count inserts into an empty table and write a state matrix.
const template = process.env.TEST_EMPTY_DATABASE_TEMPLATE!;
const databaseUrl = template.replace(/[^/]+$/, `${process.env.TEST_RUN_ID}_cur_${randomBytes(4).toString('hex')}`);
const bnccText = readFileSync(join(testCurriculumDir, 'bncc-ef.json'), 'utf8');

describe('curriculum import and lookups (PostgreSQL)', () => {
  let orm: MikroORM;
  let service: CurriculumService;
  let dir: string;

  beforeAll(async () => {
    await copyDatabase(template, databaseUrl);
    orm = await MikroORM.init(ormConfig({ databaseUrl, poolMax: 3 }));
    service = new CurriculumService(() => orm.em);
    dir = mkdtempSync(join(tmpdir(), 'curriculum-int-'));
  });

  afterAll(async () => {
    await orm?.close(true);
    await dropDatabase(databaseUrl);
    rmSync(dir, { recursive: true, force: true });
  });

  it('says the data is not loaded before any import', async () => {
    const matriz = await service.matriz('5', 'matematica');
    expect(matriz.data).toEqual({});
    expect(matriz.meta.reason).toBe('Os dados curriculares ainda não foram carregados neste servidor.');
    // Nothing to build before an import: warming the search indexes does nothing and keeps nothing.
    expect(await service.warm()).toBe(0);
  });

  it('rejects a file with an invalid record and writes nothing', async () => {
    const lines = bnccText.split('\n');
    lines[3] = lines[3].replace('"code":"EF01LP03"', '"code":"EF1LP03"');
    writeFileSync(join(dir, 'bncc-ef.json'), lines.join('\n'));
    await expect(importCurriculum(orm.em, dir)).rejects.toThrow(CurriculumValidationError);
    await expect(importCurriculum(orm.em, dir)).rejects.toThrow('bncc-ef.json, linha 4 (EF1LP03): code:');
    expect(await curriculumSkillCount(orm.em)).toBe(0);
  });

  it('imports the 1,304 BNCC skills and reports the counts', async () => {
    const result = await importCurriculum(databaseUrl, testCurriculumDir);
    expect(result).toEqual({
      files: [join(testCurriculumDir, 'bncc-ef.json')],
      records: 1304,
      inserted: 1304,
      updated: 0,
      unchanged: 0,
      byComponent: {
        portugues: 391,
        matematica: 247,
        ciencias: 111,
        historia: 151,
        geografia: 123,
        artes: 61,
        'educacao-fisica': 69,
        ingles: 88,
        'ensino-religioso': 63,
      },
    });
    expect(await curriculumSkillCount(databaseUrl)).toBe(1304);
  });

  it('changes nothing when run again, and updates only what changed', async () => {
    const again = await importCurriculum(orm.em, testCurriculumDir);
    expect(again).toMatchObject({ records: 1304, inserted: 0, updated: 0, unchanged: 1304 });

    writeFileSync(join(dir, 'bncc-ef.json'), bnccText.replace('Distinguir as letras do alfabeto', 'Distinguir as letras'));
    expect(await importCurriculum(orm.em, dir)).toMatchObject({ inserted: 0, updated: 1, unchanged: 1303 });
    expect(await importCurriculum(orm.em, testCurriculumDir)).toMatchObject({ inserted: 0, updated: 1, unchanged: 1303 });
    const [skill] = await service.findByCodes(['EF01LP04']);
    expect(skill.description).toBe('Distinguir as letras do alfabeto de outros sinais gráficos.');
  });

  it('answers the matrix of the 5º ano in Matemática by thematic unit', async () => {
    service.invalidate();
    const matriz = await service.matriz('5', 'matematica');
    expect(Object.keys(matriz.data)).toEqual(['5º ano']);
    const units = matriz.data['5º ano'];
    expect(Object.keys(units)).toEqual(['Números', 'Álgebra', 'Geometria', 'Grandezas e medidas', 'Probabilidade e estatística']);
    const [first] = units['Números'];
    expect(first).toEqual({
      'Objetos de Conhecimento': [
        'Sistema de numeração decimal: leitura, escrita e ordenação de números naturais (de até seis ordens)',
      ],
      Habilidades: [
        {
          code: 'EF05MA01',
          description:
            'Ler, escrever e ordenar números naturais até a ordem das centenas de milhar com compreensão das principais características do sistema de numeração decimal.',
        },
      ],
      'Expectativas de Aprendizagens': [],
    });
    expect(matriz.meta).toMatchObject({ total: 25, reason: null, rsLoaded: false, credit: CURRICULUM_CREDIT });
  });

  it('answers an empty English matrix in the 3º ano with the reason', async () => {
    const matriz = await service.matriz('3', 'ingles');
    expect(matriz.data).toEqual({});
    expect(matriz.meta.total).toBe(0);
    expect(matriz.meta.reason).toBe('A BNCC não define habilidades de Língua Inglesa para o 3º ano: o componente começa no 6º ano.');
    expect(await service.search('3', 'ingles', 'greetings', 5)).toEqual([]);
    expect(await service.noSkillsReason('3', 'ingles')).toBe(matriz.meta.reason);
  });

  it('answers música with the Arte units Música and Artes integradas', async () => {
    const matriz = await service.matriz('6', 'musica');
    expect(Object.keys(matriz.data['6º ano'])).toEqual(['Música', 'Artes integradas']);
    expect(matriz.meta.total).toBe(13);
    expect([...(await service.validCodes('6', 'musica'))].sort()).toEqual(
      ['EF69AR16', 'EF69AR17', 'EF69AR18', 'EF69AR19', 'EF69AR20', 'EF69AR21', 'EF69AR22', 'EF69AR23',
        'EF69AR31', 'EF69AR32', 'EF69AR33', 'EF69AR34', 'EF69AR35'],
    );
  });

  it('builds the search index of every year and subject at once (a process start), the same answers after', async () => {
    const cold = await new CurriculumService(() => orm.em).search('5', 'matematica', 'bingo das frações', 5);
    const warmed = new CurriculumService(() => orm.em);
    // Per stage, each year's subjects: 3 x 6 in infantil, 9 x 11 in fundamental, and 6 in médio (one index for its séries).
    expect(await warmed.warm()).toBe(3 * 6 + 9 * 11 + 6);
    expect(await warmed.search('5', 'matematica', 'bingo das frações', 5)).toEqual(cold);
  });

  it("finds a fractions skill in the top 5 for 'bingo das frações' in the 5º ano", async () => {
    const matches = await service.search('5', 'matematica', 'bingo das frações', 5);
    expect(matches.length).toBeGreaterThan(0);
    expect(matches.length).toBeLessThanOrEqual(5);
    expect(matches.some((m) => ['EF05MA03', 'EF05MA04', 'EF05MA05'].includes(m.code))).toBe(true);
    const candidates = await service.candidates('5', 'matematica', 'bingo das frações', 'Números racionais');
    expect(candidates).toHaveLength(8);
    expect(['EF05MA03', 'EF05MA04', 'EF05MA05']).toContain(candidates[0].code);
  });

  it('finds skills by code in the order asked, skipping unknown codes', async () => {
    const skills = await service.findByCodes(['EF05MA04', 'EF99XX99', 'ef01lp01']);
    expect(skills.map((s) => s.code)).toEqual(['EF05MA04', 'EF01LP01']);
  });

  it('adds a state matrix: its expectations show in the matrix and it counts as loaded', async () => {
    writeFileSync(join(dir, 'bncc-ef.json'), bnccText);
    const official = (JSON.parse(bnccText) as { code: string }[]).find((r) => r.code === 'EF05MA04');
    writeFileSync(
      join(dir, 'rs-matrix.json'),
      JSON.stringify([{ ...official, expectativas: ['Reconhecer frações equivalentes com material concreto.'] }]),
    );
    const result = await importCurriculum(orm.em, dir);
    expect(result).toMatchObject({ records: 1304, inserted: 0, updated: 1, unchanged: 1303 });
    expect(result.files).toHaveLength(2);
    service.invalidate();
    const matriz = await service.matriz('5', 'matematica');
    expect(matriz.meta.rsLoaded).toBe(true);
    const item = matriz.data['5º ano']['Números'].find((i) => i.Habilidades.some((h) => h.code === 'EF05MA04'));
    expect(item?.['Expectativas de Aprendizagens']).toEqual(['Reconhecer frações equivalentes com material concreto.']);
  });
});
