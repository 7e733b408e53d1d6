import { analyzeQuery, tokenize } from '../text/portuguese-text';
import { expansionsFor } from './expansions';
import type { QueryGroup } from './skill-index';

/** Weight of the words an expansion adds, against 1 for the teacher's own words. */
export const EXPANSION_WEIGHT = 0.6;

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
    for (const stem of stems) {
      if (seen.has(stem)) continue;
      seen.add(stem);
      groups.push({ stems: [stem], weight: part.weight, fuzzy: true });
    }
    for (const additions of expansionsFor(stems)) {
      groups.push({ stems: additions.filter((a) => !seen.has(a)), weight: part.weight * EXPANSION_WEIGHT, fuzzy: false });
    }
  }
  return { groups: groups.filter((g) => g.stems.length > 0), tokens };
}
