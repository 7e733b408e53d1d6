import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testCurriculumDir } from './__tests__/bncc-records';
import { CURRICULUM_FILES, CurriculumValidationError, readCurriculumFiles } from './curriculum-files';
import { curriculumDir } from './curriculum-dir';

const bnccText = readFileSync(join(testCurriculumDir, 'bncc-ef.json'), 'utf8');

describe('readCurriculumFiles', () => {
  let dir: string;
  // A copy of the shipped files, which each test spoils in its own way.
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'curriculum-'));
    for (const { file } of CURRICULUM_FILES) copyFileSync(join(testCurriculumDir, file), join(dir, file));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  const lines = (file: string) => readFileSync(join(dir, file), 'utf8').split('\n');
  const problemsOf = (): string[] => {
    try {
      readCurriculumFiles(dir);
    } catch (err) {
      if (err instanceof CurriculumValidationError) return err.problems;
      throw err;
    }
    return [];
  };

  it('reads and validates the 1,721 items: 93 EI objectives, 1,304 EF skills, 183 EM skills, 141 of Computação', () => {
    const { files, records, rsRecords } = readCurriculumFiles(testCurriculumDir);
    expect(files).toEqual(['bncc-ei.json', 'bncc-ef.json', 'bncc-em.json', 'bncc-computacao.json'].map((f) => join(testCurriculumDir, f)));
    expect(records).toHaveLength(1721);
    const count = (test: (r: (typeof records)[number]) => boolean) => records.filter(test).length;
    expect(count((r) => r.etapa === 'infantil' && r.component !== 'computacao')).toBe(93);
    expect(count((r) => r.etapa === 'fundamental' && r.component !== 'computacao')).toBe(1304);
    expect(count((r) => r.etapa === 'medio' && r.component !== 'computacao')).toBe(183);
    expect(count((r) => r.component === 'computacao')).toBe(141);
    expect(count((r) => r.component === 'computacao' && r.etapa === 'infantil')).toBe(11);
    expect(count((r) => r.component === 'computacao' && r.etapa === 'medio')).toBe(26);
    expect(count((r) => r.etapa === 'medio' && r.component === 'portugues')).toBe(54);
    expect(records.filter((r) => r.etapa === 'medio').every((r) => r.years.length === 0)).toBe(true);
    expect(rsRecords).toBe(0);
    expect(records.every((r) => r.source === 'bncc' && r.expectativas.length === 0)).toBe(true);
  });

  it('asserts the count of each file', () => {
    const ei = lines('bncc-ei.json');
    writeFileSync(join(dir, 'bncc-ei.json'), [...ei.slice(0, 2), ...ei.slice(3)].join('\n'));
    expect(problemsOf()).toEqual(['bncc-ei.json: 92 registros, esperados 93 (Educação Infantil)']);
  });

  it("refuses an EI objective whose campo or grupo etário is not its code's, and an EM skill of another área", () => {
    const ei = lines('bncc-ei.json');
    ei[1] = ei[1].replace('"component":"corpo-gestos-movimentos"', '"component":"eu-outro-nos"');
    ei[2] = ei[2].replace('"years":[1]', '"years":[2]');
    writeFileSync(join(dir, 'bncc-ei.json'), ei.join('\n'));
    const em = lines('bncc-em.json');
    em[1] = em[1].replace('"component":"ciencias-humanas"', '"component":"linguagens"');
    writeFileSync(join(dir, 'bncc-em.json'), em.join('\n'));
    expect(problemsOf()).toEqual([
      'bncc-ei.json, linha 2 (EI01CG01): component: o código é de corpo-gestos-movimentos',
      'bncc-ei.json, linha 3 (EI01CG02): years: o código é do ano 1',
      'bncc-em.json, linha 2 (EM13CHS101): component: o código é de ciencias-humanas',
    ]);
  });

  it("refuses a code outside its stage's pattern, a série in médio, an item of another stage and a code in two files", () => {
    const em = lines('bncc-em.json');
    em[1] = em[1].replace('"code":"EM13CHS101"', '"code":"EM12CHS101"');
    em[2] = em[2].replace('"years":[]', '"years":[1]');
    writeFileSync(join(dir, 'bncc-em.json'), em.join('\n'));
    const co = lines('bncc-computacao.json');
    const ei = lines('bncc-ei.json');
    ei[1] = co[1].replace(/"description":"[^"]*"/, '"description":"Repetido"');
    writeFileSync(join(dir, 'bncc-ei.json'), ei.join('\n'));
    expect(problemsOf()).toEqual([
      'bncc-ei.json: EF01CO01 não é de Educação Infantil',
      'bncc-em.json, linha 2 (EM12CHS101): code: código fora do padrão de Ensino Médio',
      'bncc-em.json, linha 3 (EM13CHS102): years: Ensino Médio não tem habilidades por ano',
      'bncc-computacao.json: código repetido EF01CO01',
    ]);
  });

  it('reports every invalid record with its file, line and code', () => {
    const lines = bnccText.split('\n');
    lines[2] = lines[2].replace('"years":[1]', '"years":[10]');
    lines[5] = lines[5].replace(/"description":"[^"]*"/, '"description":""');
    writeFileSync(join(dir, 'bncc-ef.json'), lines.join('\n'));
    let error: unknown;
    try {
      readCurriculumFiles(dir);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(CurriculumValidationError);
    const { problems } = error as CurriculumValidationError;
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/^bncc-ef\.json, linha 3 \(EF01LP02\): years\.0: /);
    expect(problems[1]).toMatch(/^bncc-ef\.json, linha 6 \(EF01LP05\): description: /);
  });

  it('rejects a repeated code and a file that is not JSON', () => {
    const lines = bnccText.split('\n');
    lines.splice(2, 0, lines[1]);
    writeFileSync(join(dir, 'bncc-ef.json'), lines.join('\n'));
    expect(() => readCurriculumFiles(dir)).toThrow('código repetido EF01LP01');
    writeFileSync(join(dir, 'bncc-ef.json'), '[{"code": ');
    expect(() => readCurriculumFiles(dir)).toThrow(/JSON inválido/);
  });

  it('says so when a curriculum file is missing', () => {
    rmSync(join(dir, 'bncc-ef.json'));
    rmSync(join(dir, 'bncc-em.json'));
    expect(problemsOf()).toEqual([`${join(dir, 'bncc-ef.json')}: arquivo não encontrado`, `${join(dir, 'bncc-em.json')}: arquivo não encontrado`]);
  });

  it('adds a state matrix: expectations to the BNCC skills it repeats, and its own skills', () => {
    writeFileSync(join(dir, 'bncc-ef.json'), bnccText);
    const bncc = JSON.parse(bnccText) as { code: string }[];
    const official = bncc.find((r) => r.code === 'EF05MA04');
    writeFileSync(
      join(dir, 'rs-matrix.json'),
      JSON.stringify([
        { ...official, description: 'Outro texto', expectativas: ['Reconhecer frações equivalentes com material concreto.'] },
        {
          code: 'EF05MA04RS-1',
          component: 'matematica',
          bnccComponent: 'Matemática',
          years: [5],
          unit: 'Números',
          knowledgeObjects: ['Frações na cultura gaúcha'],
          description: 'Habilidade estadual de exemplo.',
          expectativas: ['Expectativa estadual de exemplo.'],
        },
      ]),
    );
    const { files, records, rsRecords } = readCurriculumFiles(dir);
    expect(files).toHaveLength(5);
    expect(rsRecords).toBe(2);
    expect(records).toHaveLength(1722);
    const enriched = records.find((r) => r.code === 'EF05MA04');
    expect(enriched).toMatchObject({
      source: 'bncc',
      description: 'Identificar frações equivalentes.',
      expectativas: ['Reconhecer frações equivalentes com material concreto.'],
    });
    expect(records.find((r) => r.code === 'EF05MA04RS-1')).toMatchObject({
      source: 'rs',
      expectativas: ['Expectativa estadual de exemplo.'],
    });
  });
});

describe('curriculumDir', () => {
  it('uses CURRICULUM_DIR, relative to the repository root', () => {
    expect(curriculumDir({ CURRICULUM_DIR: 'data/curriculo' }, '/srv/app')).toBe('/srv/app/data/curriculo');
    expect(curriculumDir({ CURRICULUM_DIR: '/opt/curriculo' }, '/srv/app')).toBe('/opt/curriculo');
  });

  it('defaults to the copy shipped inside the repository', () => {
    expect(curriculumDir({ CURRICULUM_DIR: undefined }, '/work/main')).toBe('/work/main/libs/curriculum/data');
  });
});
