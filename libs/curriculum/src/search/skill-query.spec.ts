import { analyzeQuery } from '../text/portuguese-text';
import { trigramSimilarity, trigrams } from '../text/trigram';
import { COMPILED_EXPANSIONS, expansionsFor } from './expansions';
import { buildSkillQuery, EXPANSION_WEIGHT } from './skill-query';

describe('classroom expansions', () => {
  it('fire on their trigger words side by side, whatever the accents and plurals', () => {
    const [additions] = expansionsFor(analyzeQuery('Roda de conversa sobre a família'));
    expect(additions).toEqual([...new Set(analyzeQuery('intercâmbio oral conversação escuta fala turnos oralidade'))]);
    expect(expansionsFor(analyzeQuery('rodas de conversas'))).toContainEqual(additions);
    expect(expansionsFor(analyzeQuery('conversa na roda'))).not.toContainEqual(additions);
  });

  it('all have a trigger and something to add', () => {
    expect(COMPILED_EXPANSIONS.length).toBeGreaterThan(50);
    for (const e of COMPILED_EXPANSIONS) {
      expect(e.trigger.length).toBeGreaterThan(0);
      expect(e.additions.length).toBeGreaterThan(0);
    }
  });
});

describe('buildSkillQuery', () => {
  it("weighs the words of a recognised classroom phrase less than the teacher's other words", () => {
    const { groups } = buildSkillQuery('roda de conversa sobre a família');
    const [roda, conversa, familia] = analyzeQuery('roda conversa família');
    const weightOf = (stem: string) => groups.find((g) => g.stems.length === 1 && g.stems[0] === stem)?.weight;
    expect(weightOf(familia)).toBe(1);
    expect(weightOf(roda)).toBeLessThan(0.5);
    expect(weightOf(conversa)).toBe(weightOf(roda));
    // The same words outside the phrase keep their full weight.
    expect(buildSkillQuery('conversa na roda').groups.filter((g) => g.fuzzy)).toEqual([
      { stems: [conversa], weight: 1, fuzzy: true },
      { stems: [roda], weight: 1, fuzzy: true },
    ]);
  });

  it("keeps the teacher's words at full weight, fuzzy, and adds expansions at a lower weight, exact", () => {
    const { groups, tokens } = buildSkillQuery('Bingo das frações');
    expect(tokens).toEqual(['bingo', 'das', 'fracoes']);
    expect(groups).toHaveLength(4);
    expect(groups.slice(0, 2)).toEqual([
      { stems: ['bing'], weight: 1, fuzzy: true },
      { stems: ['fracao'], weight: 1, fuzzy: true },
    ]);
    expect(groups).toContainEqual({ stems: analyzeQuery('jogos'), weight: EXPANSION_WEIGHT, fuzzy: false });
    expect(groups).toContainEqual({
      stems: analyzeQuery('racionais fracionária'),
      weight: EXPANSION_WEIGHT,
      fuzzy: false,
    });
  });

  it('weighs extra text (the plan theme) by its own weight', () => {
    const { groups } = buildSkillQuery('jogo', [{ text: 'geometria', weight: 0.5 }]);
    expect(groups).toContainEqual({ stems: ['geometri'], weight: 0.5, fuzzy: true });
  });
});

describe('trigram similarity', () => {
  it('is 1 for the same word, high for a typo and low for another word', () => {
    expect(trigramSimilarity(trigrams('fracao'), trigrams('fracao'))).toBe(1);
    expect(trigramSimilarity(trigrams('multiplicacao'), trigrams('multiplicasao'))).toBeGreaterThan(0.6);
    expect(trigramSimilarity(trigrams('fracao'), trigrams('planeta'))).toBeLessThan(0.2);
  });
});
