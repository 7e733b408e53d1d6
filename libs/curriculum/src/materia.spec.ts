import { MATERIA_VALUES } from '@planejador/contracts';
import { bnccRecords } from './__tests__/bncc-records';
import { inScope, materiaScope, scopeGapReason } from './materia';

const records = bnccRecords();
const count = (materia: (typeof MATERIA_VALUES)[number], ano: number) =>
  records.filter((r) => inScope(r, materia, ano)).length;

describe('subject scopes', () => {
  it('maps every subject of the app to a BNCC component', () => {
    const components = new Set(records.map((r) => r.component));
    for (const materia of MATERIA_VALUES) expect(components).toContain(materiaScope(materia).component);
  });

  it('counts the skills per year as SOURCES.md does', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9].map((ano) => count('matematica', ano))).toEqual([22, 23, 28, 28, 25, 34, 37, 27, 23]);
    expect([1, 5, 6, 9].map((ano) => count('ingles', ano))).toEqual([0, 0, 26, 19]);
  });

  it('takes música from the Arte units Música and Artes integradas', () => {
    const units = new Set(records.filter((r) => inScope(r, 'musica', 3)).map((r) => r.unit));
    expect([...units].sort()).toEqual(['Artes integradas', 'Música']);
    expect(count('musica', 3)).toBe(5 + 4);
  });

  it('explains why English has no skills before the 6º ano', () => {
    expect(scopeGapReason('ingles', 5)).toBe(
      'A BNCC não define habilidades de Língua Inglesa para o 5º ano: o componente começa no 6º ano.',
    );
    expect(scopeGapReason('ingles', 6)).toBeNull();
    expect(scopeGapReason('matematica', 1)).toBeNull();
  });
});
