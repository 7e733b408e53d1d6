import { analyzeQuery } from '../text/portuguese-text';

/**
 * Classroom words -> the words the BNCC uses for the same thing. A teacher writes 'bingo', 'horta' or
 * 'roda de conversa'; the official texts say 'jogos', 'plantas', 'intercâmbio oral'. Triggers and additions are
 * written as plain Portuguese and analysed like any query, so accents and plurals do not matter.
 */
const EXPANSIONS: ReadonlyArray<[trigger: string, additions: string]> = [];

export interface Expansion {
  trigger: string[];
  additions: string[];
}

export const COMPILED_EXPANSIONS: readonly Expansion[] = EXPANSIONS.map(([trigger, additions]) => ({
  trigger: analyzeQuery(trigger),
  additions: [...new Set(analyzeQuery(additions))],
})).filter((e) => e.trigger.length > 0 && e.additions.length > 0);

/** The additions of every expansion whose trigger words appear in order, side by side, in the query stems. */
export function expansionsFor(stems: readonly string[], expansions: readonly Expansion[] = COMPILED_EXPANSIONS): string[][] {
  const found: string[][] = [];
  for (const e of expansions) {
    for (let i = 0; i + e.trigger.length <= stems.length; i++) {
      if (e.trigger.every((t, j) => stems[i + j] === t)) {
        found.push(e.additions);
        break;
      }
    }
  }
  return found;
}
