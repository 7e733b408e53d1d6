import type { Materia } from '@planejador/contracts';
import { bnccRecords } from '../__tests__/bncc-records';
import { inScope } from '../materia';
import { classroomTermsFor, lessonExamplesFor } from './classroom-terms';
import { SubjectSkills } from './subject-skills';

const records = bnccRecords();
const pool = (ano: number, materia: Materia) => records.filter((r) => inScope(r, materia, ano));
const subject = (ano: number, materia: Materia) => new SubjectSkills(pool(ano, materia));
const codes = (matches: { code: string }[]) => matches.map((m) => m.code);

describe('skill search invariants (issue 14)', () => {
  const math3 = subject(3, 'matematica');
  const math5 = subject(5, 'matematica');

  it.each([
    [3, ['frações', 'fracoes', 'fração', 'fracao', 'FRAÇÕES']],
    [5, ['frações', 'fracoes', 'fração', 'fracao', 'Fraçoes']],
  ])("'frações' finds the same skills with or without accents, singular or plural (%iº ano)", (ano, forms) => {
    const math = ano === 3 ? math3 : math5;
    const expected = codes(math.search(forms[0], 5));
    expect(expected.length).toBeGreaterThan(0);
    for (const form of forms) expect(codes(math.search(form, 5))).toEqual(expected);
  });

  it('finds the 3º ano skills on halves and thirds for "frações" (the matrix dialog searches with this)', () => {
    expect(codes(math3.search('frações', 2)).sort()).toEqual(['EF03MA08', 'EF03MA09']);
  });

  it("forgives a missing cedilla or accent in the teacher's words", () => {
    expect(codes(math3.search('multiplicaçao', 5))).toEqual(codes(math3.search('multiplicação', 5)));
    expect(codes(subject(2, 'ciencias').search('germinacao do feijao', 3))).toEqual(
      codes(subject(2, 'ciencias').search('germinação do feijão', 3)),
    );
  });

  it.each<[number, Materia, string]>([
    [1, 'portugues', 'bingo de letras e rimas'],
    [4, 'historia', 'tropeiros e o comércio'],
    [6, 'ingles', 'my family and my school'],
    [7, 'musica', 'tocar violão e flauta'],
    [9, 'educacao-fisica', 'campeonato de vôlei na quadra'],
  ])('answers only skills of the year and subject asked (%iº ano, %s)', (ano, materia, q) => {
    const allowed = new Set(pool(ano, materia).map((r) => r.code));
    const matches = subject(ano, materia).search(q, 20);
    expect(matches.length).toBeGreaterThan(0);
    for (const m of matches) expect(allowed.has(m.code)).toBe(true);
    for (const c of subject(ano, materia).candidates(q, 'festa junina', 12)) expect(allowed.has(c.code)).toBe(true);
  });

  it('is deterministic: the same answer every time, whatever order the skills were loaded in', () => {
    const q = 'material dourado e tampinhas para somar';
    const first = math5.search(q, 10);
    expect(math5.search(q, 10)).toEqual(first);
    const reversed = new SubjectSkills([...pool(5, 'matematica')].reverse());
    expect(reversed.search(q, 10)).toEqual(first);
  });

  it('ships classroom words for every BNCC skill, and a state code falls back to its BNCC code', () => {
    const missing = records.filter((r) => !classroomTermsFor(r.code).trim()).map((r) => r.code);
    expect(missing).toEqual([]);
    expect(classroomTermsFor('EF01MA01RS-1')).toBe(classroomTermsFor('EF01MA01'));
    expect(classroomTermsFor('EF99XX99')).toBe('');
  });

  it('ships four example lessons for every BNCC skill, one a line', () => {
    const count = (code: string) => lessonExamplesFor(code).split('\n').filter((l) => l.trim()).length;
    // EF05CI06 keeps three: its fourth echoed an evaluation description and was removed, not replaced
    // (bench/README.md, 2026-11-26).
    expect(records.filter((r) => count(r.code) !== 4).map((r) => [r.code, count(r.code)])).toEqual([['EF05CI06', 3]]);
    expect(lessonExamplesFor('EF01MA01RS-1')).toBe(lessonExamplesFor('EF01MA01'));
  });
});
