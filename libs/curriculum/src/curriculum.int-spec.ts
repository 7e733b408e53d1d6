import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CURRICULUM_CREDIT } from '@planejador/contracts';
import { copyDatabase, CurriculumRepository, Database, dropDatabase } from '@planejador/db';
import { testCurriculumDir } from './__tests__/bncc-records';
import { CURRICULUM_FILES, CurriculumValidationError } from './curriculum-files';
import { curriculumSkillCount, importCurriculum } from './curriculum-import';
import { CurriculumService } from './curriculum.service';

// A database of its own, a copy of the run's migrated one with no curriculum (named after the run, so the run's
// teardown drops it in any case): these tests count inserts into an empty table and write a state matrix.
const template = process.env.TEST_EMPTY_DATABASE_TEMPLATE!;
const databaseUrl = template.replace(/[^/]+$/, `${process.env.TEST_RUN_ID}_cur_${randomBytes(4).toString('hex')}`);
const bnccText = readFileSync(join(testCurriculumDir, 'bncc-ef.json'), 'utf8');

describe('curriculum import and lookups (PostgreSQL)', () => {
  let db: Database;
  let service: CurriculumService;
  let dir: string;

  beforeAll(async () => {
    await copyDatabase(template, databaseUrl);
    db = await Database.connect({ databaseUrl, poolMax: 3, statementPoolMax: 0 });
    service = new CurriculumService(new CurriculumRepository(db));
    dir = mkdtempSync(join(tmpdir(), 'curriculum-int-'));
    for (const { file } of CURRICULUM_FILES) copyFileSync(join(testCurriculumDir, file), join(dir, file));
  });

  afterAll(async () => {
    await db?.close();
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
    await expect(importCurriculum(db, dir)).rejects.toThrow(CurriculumValidationError);
    await expect(importCurriculum(db, dir)).rejects.toThrow('bncc-ef.json, linha 4 (EF1LP03): code:');
    expect(await curriculumSkillCount(db)).toBe(0);
  });

  it('imports the whole BNCC, 1,721 items, and reports the counts per stage and component', async () => {
    const result = await importCurriculum(databaseUrl, testCurriculumDir);
    expect(result).toEqual({
      files: CURRICULUM_FILES.map(({ file }) => join(testCurriculumDir, file)),
      records: 1721,
      inserted: 1721,
      updated: 0,
      unchanged: 0,
      byPart: { 'Educação Infantil': 93, 'Ensino Fundamental': 1304, 'Ensino Médio': 183, Computação: 141 },
      byComponent: {
        'infantil/eu-outro-nos': 20,
        'infantil/corpo-gestos-movimentos': 15,
        'infantil/tracos-sons-cores-formas': 9,
        'infantil/escuta-fala-pensamento-imaginacao': 27,
        'infantil/espacos-tempos-quantidades': 22,
        'infantil/computacao': 11,
        'fundamental/portugues': 391,
        'fundamental/matematica': 247,
        'fundamental/ciencias': 111,
        'fundamental/historia': 151,
        'fundamental/geografia': 123,
        'fundamental/artes': 61,
        'fundamental/educacao-fisica': 69,
        'fundamental/ingles': 88,
        'fundamental/ensino-religioso': 63,
        'fundamental/computacao': 104,
        'medio/linguagens': 28,
        'medio/portugues': 54,
        'medio/matematica': 43,
        'medio/ciencias-natureza': 26,
        'medio/ciencias-humanas': 32,
        'medio/computacao': 26,
      },
    });
    expect(await curriculumSkillCount(databaseUrl)).toBe(1721);
  });

  it('changes nothing when run again, and updates only what changed', async () => {
    const again = await importCurriculum(db, testCurriculumDir);
    expect(again).toMatchObject({ records: 1721, inserted: 0, updated: 0, unchanged: 1721 });

    writeFileSync(join(dir, 'bncc-ef.json'), bnccText.replace('Distinguir as letras do alfabeto', 'Distinguir as letras'));
    expect(await importCurriculum(db, dir)).toMatchObject({ inserted: 0, updated: 1, unchanged: 1720 });
    expect(await importCurriculum(db, testCurriculumDir)).toMatchObject({ inserted: 0, updated: 1, unchanged: 1720 });
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
    const cold = await new CurriculumService(new CurriculumRepository(db)).search('5', 'matematica', 'bingo das frações', 5);
    const warmed = new CurriculumService(new CurriculumRepository(db));
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

  it('answers the matrix of each stage: a campo for a grupo etário, an área for any série, Computação', async () => {
    const infantil = await service.matriz('3', 'escuta-fala-pensamento-imaginacao', 'infantil');
    expect(Object.keys(infantil.data)).toEqual(['Creche/Pré-escola — crianças pequenas']);
    expect(infantil.meta).toMatchObject({ total: 9, componente: 'Escuta, fala, pensamento e imaginação' });
    expect((await service.skillsFor('1', 'computacao', 'infantil')).length).toBe(0);
    expect(await service.noSkillsReason('1', 'computacao', 'infantil')).toBe(
      'A BNCC não define habilidades de Computação para o grupo Creche/Pré-escola — bebês: o componente começa no grupo Creche/Pré-escola — crianças pequenas.',
    );
    expect((await service.skillsFor('3', 'computacao', 'infantil')).map((s) => s.code)).toHaveLength(11);
    const medio = await service.matriz('2', 'ciencias-natureza', 'medio');
    expect(Object.keys(medio.data)).toEqual(['2ª série do Ensino Médio']);
    expect(medio.meta.total).toBe(26);
    // Each série draws from its área's whole set; Linguagens holds Língua Portuguesa's skills too.
    expect(await service.validCodes('1', 'linguagens', 'medio')).toEqual(await service.validCodes('3', 'linguagens', 'medio'));
    expect((await service.skillsFor('1', 'linguagens', 'medio')).length).toBe(82);
    expect((await service.skillsFor('3', 'portugues', 'medio')).length).toBe(54);
    expect((await service.skillsFor('5', 'computacao')).map((s) => s.code)).toEqual(
      expect.arrayContaining(['EF05CO01', 'EF15CO01']),
    );
    // A subject of another stage has nothing, and the fundamental answers are those of before.
    expect(await service.skillsFor('5', 'linguagens')).toEqual([]);
    expect((await service.skillsFor('5', 'portugues')).every((s) => s.code.startsWith('EF'))).toBe(true);
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
    const result = await importCurriculum(db, dir);
    expect(result).toMatchObject({ records: 1721, inserted: 0, updated: 1, unchanged: 1720 });
    expect(result.files).toHaveLength(5);
    service.invalidate();
    const matriz = await service.matriz('5', 'matematica');
    expect(matriz.meta.rsLoaded).toBe(true);
    const item = matriz.data['5º ano']['Números'].find((i) => i.Habilidades.some((h) => h.code === 'EF05MA04'));
    expect(item?.['Expectativas de Aprendizagens']).toEqual(['Reconhecer frações equivalentes com material concreto.']);
  });
});
