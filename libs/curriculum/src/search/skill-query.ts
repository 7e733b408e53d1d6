import { analyzeQuery, tokenize } from '../text/portuguese-text';
import { matchExpansions } from './expansions';
import type { QueryGroup } from './skill-index';

/** Weight of the words an expansion adds, against 1 for the teacher's own words. */
export const EXPANSION_WEIGHT = 0.6;

/**
 * Weight of a word that is part of a classroom phrase an expansion recognises ('roda de conversa', 'batalha
 * naval'): the phrase means what its expansion says, not what its words say one by one ('roda' alone is a wheel or
 * a song circle). On the development halves 1 to 0.3 score the same and 0 loses a few items; below 0.4 the family
 * skills come first again for 'roda de conversa sobre a família' (subject-skills.spec.ts) now that a games skill lists
 * 'cantigas de roda' among its classroom words.
 */
const PHRASE_WORD_WEIGHT = 0.3;

export interface SkillQuery {
  groups: QueryGroup[];
  /** Folded tokens, to spot skill codes typed in the query. */
  tokens: string[];
}

/** A teacher's text -> one group per topic word, plus one per classroom expansion. */
export function buildSkillQuery(text: string, extra: { text: string; weight: number }[] = []): SkillQuery {
  const groups: QueryGroup[] = [];
  const tokens: string[] = [];
  for (const part of [{ text, weight: 1 }, ...extra]) {
    const stems = analyzeQuery(part.text);
    tokens.push(...tokenize(part.text));
    const seen = new Set<string>();
    const found = matchExpansions(stems);
    const inPhrase = new Set(found.flatMap((f) => f.phrase));
    for (const stem of stems) {
      if (seen.has(stem)) continue;
      seen.add(stem);
      groups.push({ stems: [stem], weight: part.weight * (inPhrase.has(stem) ? PHRASE_WORD_WEIGHT : 1), fuzzy: true });
    }
    for (const { additions } of found) {
      groups.push({ stems: additions.filter((a) => !seen.has(a)), weight: part.weight * EXPANSION_WEIGHT, fuzzy: false });
    }
  }
  return { groups: groups.filter((g) => g.stems.length > 0), tokens };
}
