import { ETAPAS, etapaDef, type Etapa, type Materia } from '@planejador/contracts';
import { testCurriculumDir } from '../__tests__/bncc-records';
import { readCurriculumFiles } from '../curriculum-files';
import { inScope } from '../materia';
import { borrowedClassroomTermsFor, classroomTermsFor, everydaySituationsFor, lessonExamplesFor, shippedClassroomFields } from './classroom-terms';
import { SubjectSkills } from './subject-skills';

/** The search over the stages issue 27 added: Educação Infantil, Ensino Médio and Computação. */
const { records } = readCurriculumFiles(testCurriculumDir);
const pool = (etapa: Etapa, ano: number, materia: Materia) => records.filter((r) => inScope(r, materia, ano, etapa));
const codes = (matches: { code: string }[]) => matches.map((m) => m.code);

describe('skill search of every stage (issue 27)', () => {
  it('ships classroom words and four example lessons for every item of every stage', () => {
    const count = (code: string) => lessonExamplesFor(code).split('\n').filter((l) => l.trim()).length;
    const newItems = records.filter((r) => r.etapa !== 'fundamental' || r.component === 'computacao');
    expect(newItems).toHaveLength(417);
    expect(newItems.filter((r) => !classroomTermsFor(r.code).trim()).map((r) => r.code)).toEqual([]);
    expect(newItems.filter((r) => count(r.code) !== 4).map((r) => r.code)).toEqual([]);
  });

  it('lends classroom words between the years of one stage only, and none between Ensino Médio skills', () => {
    // EF05CO03 repeats EF15CO03 (same text, other years): it borrows the words written for it.
    expect(borrowedClassroomTermsFor('EF05CO03')).toContain(classroomTermsFor('EF03CO01').split(',')[0]);
    const emCodes = records.filter((r) => r.etapa === 'medio').map((r) => r.code);
    expect(emCodes.filter((code) => borrowedClassroomTermsFor(code))).toEqual([]);
    // Infantil's Computação (crianças pequenas) borrows nothing from the EF's.
    const efComputacao = records.filter((r) => r.etapa === 'fundamental' && r.component === 'computacao').map((r) => classroomTermsFor(r.code));
    for (const code of records.filter((r) => r.etapa === 'infantil').map((r) => r.code)) {
      const lent = borrowedClassroomTermsFor(code);
      expect(efComputacao.some((words) => lent && lent.includes(words))).toBe(false);
    }
  });

  it("weighs an Ensino Médio skill's classroom words as its official text; the EF's keep the default weight", () => {
    expect(shippedClassroomFields({ code: 'EM13MAT310', years: [] }).classroomWeight).toBe(1.2);
    expect(shippedClassroomFields({ code: 'EF05MA03', years: [5] }).classroomWeight).toBeUndefined();
  });

  it.each(ETAPAS.flatMap((etapa) => etapaDef(etapa).anos.flatMap(({ value }) => etapaDef(etapa).materias.map((m) => [etapa, Number(value), m] as const))))(
    'never answers an empty list for a pool with items (%s, %i, %s)',
    (etapa, ano, materia) => {
      const items = pool(etapa, ano, materia);
      const search = new SubjectSkills(items);
      const matches = search.search('zzzqx wwwkj', 5);
      expect(matches).toHaveLength(Math.min(5, items.length));
      for (const m of matches) expect(items.some((r) => r.code === m.code)).toBe(true);
    },
  );

  it("finds the campo's objectives in a small infantil pool from the teacher's words", () => {
    const corpo = new SubjectSkills(pool('infantil', 1, 'corpo-gestos-movimentos'));
    expect(codes(corpo.search('empilhar blocos e encaixar potes', 1))).toEqual(['EI01CG05']);
    const computacao = new SubjectSkills(pool('infantil', 3, 'computacao'));
    expect(codes(computacao.search('brincar de robô seguindo comandos no tapete', 1))).toEqual(['EI03CO03']);
  });

  it('ships everyday situations for every Ensino Médio skill (issue 38) and for no other item', () => {
    const medio = records.filter((r) => r.etapa === 'medio');
    expect(medio).toHaveLength(209);
    expect(medio.filter((r) => everydaySituationsFor(r.code).split(',').filter((s) => s.trim()).length < 5).map((r) => r.code)).toEqual([]);
    expect(records.filter((r) => r.etapa !== 'medio' && everydaySituationsFor(r.code)).map((r) => r.code)).toEqual([]);
    expect(shippedClassroomFields({ code: 'EM13MAT404', years: [] }).situations).toBe(everydaySituationsFor('EM13MAT404'));
  });

  it('finds an Ensino Médio skill from the everyday situation a teacher names, which its other text does not', () => {
    const withoutSituations = (r: { code: string; years: readonly number[] }) => ({ ...shippedClassroomFields(r), situations: '' });
    const cases = [
      ['estacionamento cobrado por hora', 'EM13MAT404'],
      ['quantos apertos de mão na festa', 'EM13MAT310'],
    ] as const;
    for (const [q, code] of cases) {
      expect(codes(new SubjectSkills(pool('medio', 2, 'matematica')).search(q, 1))).toEqual([code]);
      expect(codes(new SubjectSkills(pool('medio', 2, 'matematica'), withoutSituations).search(q, 1))).not.toEqual([code]);
    }
  });

  it('finds Ensino Médio skills by topic words their official text does not use', () => {
    const matematica = new SubjectSkills(pool('medio', 1, 'matematica'));
    expect(codes(matematica.search('anagramas e senhas', 1))).toEqual(['EM13MAT310']);
  });
});
