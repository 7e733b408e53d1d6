import type { Materia } from '@planejador/contracts';
import { bnccRecords } from '../__tests__/bncc-records';
import { inScope } from '../materia';
import { SubjectSkills } from './subject-skills';

const records = bnccRecords();
const subject = (ano: number, materia: Materia) => new SubjectSkills(records.filter((r) => inScope(r, materia, ano)));
const codes = (matches: { code: string }[]) => matches.map((m) => m.code);
const FRACTION_SKILLS = ['EF05MA03', 'EF05MA04', 'EF05MA05'];

describe('SubjectSkills.search', () => {
  const math5 = subject(5, 'matematica');

  it("brings a fractions skill into the top 5 for 'bingo das frações'", () => {
    const top = codes(math5.search('bingo das frações', 5));
    expect(top.some((c) => FRACTION_SKILLS.includes(c))).toBe(true);
    expect(FRACTION_SKILLS).toContain(top[0]);
  });

  it('answers the code, official text, unit, knowledge objects and a score between 0 and 1, best first', () => {
    const matches = math5.search('frações equivalentes', 10);
    const fourth = matches.find((m) => m.code === 'EF05MA04');
    expect(fourth).toEqual({
      code: 'EF05MA04',
      description: 'Identificar frações equivalentes.',
      unit: 'Números',
      field: null,
      knowledgeObjects: [
        'Comparação e ordenação de números racionais na representação decimal e na fracionária utilizando a noção de equivalência',
      ],
      score: expect.any(Number),
    });
    expect(matches[0].score).toBeGreaterThan(0);
    for (const m of matches) expect(m.score).toBeGreaterThanOrEqual(0);
    for (const m of matches) expect(m.score).toBeLessThanOrEqual(1);
    const scores = matches.map((m) => m.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it('completes a short list with the thematic unit of the best match (score 0), never with other topics', () => {
    const matches = math5.search('frações equivalentes', 10);
    const matched = matches.filter((m) => m.score > 0);
    const neighbours = matches.filter((m) => m.score === 0);
    expect(neighbours.length).toBeGreaterThan(0);
    expect(matches.length).toBeLessThanOrEqual(10);
    expect(matches.slice(0, matched.length)).toEqual(matched);
    for (const m of neighbours) expect(m.unit).toBe(matches[0].unit);
  });

  it('finds the same skills without accents and with a typo', () => {
    const expected = codes(math5.search('frações', 3));
    expect(codes(math5.search('fracoes', 3))).toEqual(expected);
    expect(FRACTION_SKILLS).toContain(codes(math5.search('fraçoes equivalentis', 3))[0]);
  });

  it("understands classroom words: 'roda de conversa sobre a família' in Português, 1º ano", () => {
    const top = codes(subject(1, 'portugues').search('roda de conversa sobre a família', 5));
    expect(top.some((c) => ['EF15LP09', 'EF15LP10', 'EF15LP11', 'EF15LP13'].includes(c))).toBe(true);
  });

  it("ranks the family skills first for 'roda de conversa sobre a família' in História, 1º ano", () => {
    const top = codes(subject(1, 'historia').search('roda de conversa sobre a família', 5));
    expect(['EF01HI02', 'EF01HI03', 'EF01HI06', 'EF01HI07']).toContain(top[0]);
  });

  it('puts a skill code typed in the query first, with score 1', () => {
    const [first] = math5.search('revisar EF05MA20 com a turma', 5);
    expect(first).toMatchObject({ code: 'EF05MA20', score: 1 });
  });

  it('lists the skills in code order with score 0 for an empty query', () => {
    const matches = math5.search('  ', 50);
    expect(matches).toHaveLength(25);
    expect(codes(matches)).toEqual([...codes(matches)].sort());
    expect(matches.every((m) => m.score === 0)).toBe(true);
  });

  it('never answers an empty list: words no skill uses still get the pool, score 0, in code order when no letters match', () => {
    const matches = math5.search('zzzqx wwwkj', 5);
    expect(codes(matches)).toEqual(['EF05MA01', 'EF05MA02', 'EF05MA03', 'EF05MA04', 'EF05MA05']);
    expect(matches.every((m) => m.score === 0)).toBe(true);
    expect(math5.search('xilofone', 5)).toHaveLength(5);
  });
});

describe('SubjectSkills.candidates', () => {
  const math5 = subject(5, 'matematica');

  it('ranks the lesson first and fills up to the limit with the other skills in code order', () => {
    const candidates = math5.candidates('bingo das frações', undefined, 8);
    expect(candidates).toHaveLength(8);
    expect(FRACTION_SKILLS).toContain(candidates[0].code);
    expect(new Set(codes(candidates)).size).toBe(8);
  });

  it('uses the main theme of the plan when the lesson text says little', () => {
    const [first] = math5.candidates('atividade lúdica em sala', 'frações', 8);
    expect(FRACTION_SKILLS).toContain(first.code);
  });

  it('still offers valid codes when nothing matches', () => {
    expect(codes(math5.candidates('xilofone', undefined, 3))).toEqual(['EF05MA01', 'EF05MA02', 'EF05MA03']);
  });
});
