import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testCurriculumDir } from './__tests__/bncc-records';
import { CurriculumValidationError, readCurriculumFiles } from './curriculum-files';
import { curriculumDir } from './curriculum-dir';

const bnccText = readFileSync(join(testCurriculumDir, 'bncc-ef.json'), 'utf8');

describe('readCurriculumFiles', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'curriculum-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('reads and validates the 1,304 BNCC skills', () => {
    const { files, records, rsRecords } = readCurriculumFiles(testCurriculumDir);
    expect(files).toEqual([join(testCurriculumDir, 'bncc-ef.json')]);
    expect(records).toHaveLength(1304);
    expect(rsRecords).toBe(0);
    expect(records.every((r) => r.source === 'bncc' && r.expectativas.length === 0)).toBe(true);
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

  it('says so when the BNCC file is missing', () => {
    expect(() => readCurriculumFiles(dir)).toThrow(/bncc-ef\.json: arquivo não encontrado/);
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
    expect(files).toHaveLength(2);
    expect(rsRecords).toBe(2);
    expect(records).toHaveLength(1305);
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
