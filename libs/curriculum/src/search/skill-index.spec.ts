import { buildSkillQuery } from './skill-query';
import { SkillIndex, type IndexedSkill } from './skill-index';

const skill = (code: string, description: string): IndexedSkill => ({ code, description, unit: 'Unidade', knowledgeObjects: [] });
const rank = (index: SkillIndex<IndexedSkill>, q: string, loose = false) =>
  index.rank(buildSkillQuery(q).groups, [], loose).map((s) => s.skill.code);

describe('SkillIndex word matching', () => {
  const index = new SkillIndex([
    skill('A01', 'Brincar com a bola no pátio.'),
    skill('A02', 'Guardar os brinquedos no pote.'),
    skill('A03', 'Percorrer o caminho até a cozinha.'),
    skill('A04', 'Provar o chocolate quente.'),
  ]);

  it("takes a diminutive whose base is short for its base word ('bolinhas' for 'bola', 'potinho' for 'pote')", () => {
    expect(rank(index, 'bolinhas')).toEqual(['A01']);
    expect(rank(index, 'potinho')).toEqual(['A02']);
    const [bolinha] = index.rank(buildSkillQuery('bolinha').groups);
    const [bola] = index.rank(buildSkillQuery('bola').groups);
    expect(bolinha.score).toBeGreaterThan(0);
    expect(bolinha.score).toBeLessThanOrEqual(bola.score);
  });

  it("keeps words that only look like diminutives when the skills use them ('caminho', 'cozinha')", () => {
    expect(rank(index, 'caminho')).toEqual(['A03']);
    expect(rank(index, 'cozinha')).toEqual(['A03']);
  });

  it("matches words of another length only when loose ('choco' for 'chocolate'), the last resort of a search", () => {
    expect(rank(index, 'choco')).toEqual([]);
    expect(rank(index, 'choco', true)).toEqual(['A04']);
  });
});
