import { ETAPAS, materiasOf, type Materia } from '@planejador/contracts';
import { bnccRecords } from './__tests__/bncc-records';
import { inScope, materiaScope, scopeGapReason } from './materia';

const records = bnccRecords();
const count = (materia: Materia, ano: number) =>
  records.filter((r) => inScope(r, materia, ano)).length;

describe('subject scopes', () => {
  it('maps every subject of each stage to BNCC components, and no subject outside the stage', () => {
    for (const etapa of ETAPAS) {
      for (const materia of materiasOf(etapa)) expect(materiaScope(materia, etapa)?.components.length).toBeGreaterThan(0);
    }
    expect(materiaScope('ingles', 'medio')).toBeNull();
    expect(materiaScope('linguagens', 'fundamental')).toBeNull();
    const components = new Set(records.filter((r) => r.etapa === 'fundamental').map((r) => r.component));
    for (const materia of materiasOf('fundamental').filter((m) => m !== 'computacao')) {
      for (const component of materiaScope(materia)?.components ?? []) expect(components).toContain(component);
    }
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
