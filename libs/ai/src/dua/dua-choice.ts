import { BARREIRA_LABELS, type Barreira, type Dua, type DuaPrincipio } from '@planejador/contracts';
import { ACTIVITY_TAGS, DUA_TABLE, type ActivityTag, type DuaStrategy } from './dua-table';

/** A text's words, accents and case folded. */
export function foldedWords(text: string): string[] {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/u)
    .filter((w) => w.length >= 3);
}

/** The kinds of activity a lesson's text names (ACTIVITY_TAGS), each with how many of its words name it. */
export function activityTags(text: string): Map<ActivityTag, number> {
  const words = foldedWords(text);
  const tags = new Map<ActivityTag, number>();
  for (const [tag, stems] of Object.entries(ACTIVITY_TAGS) as [ActivityTag, readonly string[]][]) {
    const hits = words.filter((word) => stems.some((stem) => word.startsWith(stem))).length;
    if (hits > 0) tags.set(tag, hits);
  }
  return tags;
}

/**
 * The strategy of a list that fits the lesson's activity best: the one whose tags the activity names most (the
 * count of the activity's words naming each of its tags, summed); a tie, or nothing named, keeps the list's order,
 * whose first strategy suits any lesson.
 */
export function chooseStrategy(
  strategies: readonly DuaStrategy[],
  tags: ReadonlyMap<ActivityTag, number>,
  avoid: (strategy: DuaStrategy) => boolean = () => false,
): DuaStrategy {
  const open = strategies.filter((s) => !avoid(s));
  const pool = open.length > 0 ? open : strategies;
  let best = pool[0];
  let bestScore = 0;
  for (const strategy of pool) {
    const score = strategy.tags.reduce((sum, tag) => sum + (tags.get(tag) ?? 0), 0);
    if (score > bestScore) {
      best = strategy;
      bestScore = score;
    }
  }
  return best;
}

/** A strategy's text for this lesson: `{tema}` becomes the lesson's title, quoted. */
export function strategyText(strategy: DuaStrategy, titulo: string): string {
  return strategy.texto.replaceAll('{tema}', `"${titulo}"`);
}

/**
 * The offline drafter's DUA block for a class's barreiras: for each principle, one strategy per barreira from the
 * reference table (DUA_TABLE), chosen by the lesson's activity (its description and Experiências), labelled with
 * the barreira it answers. `current` (a regeneration of the field): strategies it already holds are passed over
 * while the table has others. Null when the class has no barreiras.
 */
export function offlineDua(barreiras: readonly Barreira[], activity: string, titulo: string, current?: Dua | null): Dua | null {
  if (barreiras.length === 0) return null;
  const tags = activityTags(activity);
  const principle = (p: DuaPrincipio) => {
    const held = new Set(current?.[p] ?? []);
    const line = (b: Barreira, s: DuaStrategy) => `${BARREIRA_LABELS[b]}: ${strategyText(s, titulo)}`;
    return barreiras.map((b) => line(b, chooseStrategy(DUA_TABLE[b][p], tags, (s) => held.has(line(b, s)))));
  };
  return { representacao: principle('representacao'), acaoExpressao: principle('acaoExpressao'), engajamento: principle('engajamento') };
}
