import { cutAtWord, type HabilidadeMatch } from '@planejador/contracts';
import { contentStems, knowledgeObjects } from './curriculum-text';

/** A lesson's title reads at most this long when derived from its description (the contract allows 80). */
const DERIVED_TITLE_MAX = 48;

/** Openings that say nothing of the topic ("Aula sobre", "Hoje vamos"). */
const FILLER_OPENING = /^(?:(?:hoje|nesta aula|na aula de hoje|aula)\s*(?:(?:de|sobre|para)\s+|[:-]\s*)?)?(?:vamos\s+|iremos\s+)?/iu;

/**
 * A short title of a lesson's own topic from its description alone (the offline drafter's; decisions.md, "Lessons
 * that teach"): the first clause (up to ':', ';', '.', '(' or a dash), filler openings dropped, cut at a word,
 * capitalised. Never another lesson's text; "Aula N" when the description has nothing to name.
 */
export function titleFromDescription(description: string, numeroAula: number): string {
  const clean = description.replace(/\s+/gu, ' ').trim();
  const clauses = clean.split(/\s*(?:[:;.!?(]|\s[-–—]\s)\s*/u).map((c) => c.trim());
  const first = clauses.find((c) => c.replace(FILLER_OPENING, '').length >= 3) ?? clean;
  let stripped = first.replace(FILLER_OPENING, '').trim() || first;
  // A long clause: up to its first comma when that still names something.
  const comma = stripped.indexOf(',');
  if (stripped.length > DERIVED_TITLE_MAX && comma >= 12) stripped = stripped.slice(0, comma);
  const cut = cutAtWord(stripped, DERIVED_TITLE_MAX);
  const title = cut.charAt(0).toLocaleUpperCase('pt-BR') + cut.slice(1);
  return title.length >= 3 ? title : `Aula ${numeroAula}`;
}

function overlap(a: Set<string>, b: Set<string>): number {
  let n = 0;
  for (const stem of a) if (b.has(stem)) n++;
  return n;
}

/**
 * The knowledge objects of the cited skills closest to a lesson's description, verbatim, at most `max`: objects
 * sharing words with the description first (most shared first), then each skill's own closest object (to its
 * description) when none of its objects was taken, in the skills' order. A unit-wide list ("Composição do ar"
 * beside "Placas tectônicas e deriva continental") is cut to what the lesson is about.
 */
export function closestObjects(skills: readonly HabilidadeMatch[], description: string, max: number): string[] {
  const lesson = contentStems(description);
  const scored = knowledgeObjects(skills).map((object, index) => ({ object, index, score: overlap(contentStems(object), lesson) }));
  const chosen = scored
    .filter((o) => o.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, max)
    .map((o) => o.object);
  for (const skill of skills) {
    if (chosen.length >= max) break;
    if (skill.knowledgeObjects.some((o) => chosen.includes(o.trim()))) continue;
    const own = contentStems(skill.description);
    const best = skill.knowledgeObjects
      .map((o, index) => ({ o: o.trim(), index, score: overlap(contentStems(o), own) }))
      .filter((o) => o.o && !chosen.includes(o.o))
      .sort((a, b) => b.score - a.score || a.index - b.index)[0];
    if (best) chosen.push(best.o);
  }
  return chosen;
}

/** Items ranked by how many content words they share with a text (stable: ties keep their order). */
export function rankByCloseness<T>(items: readonly T[], text: string, textOf: (item: T) => string): { item: T; score: number }[] {
  const stems = contentStems(text);
  return items
    .map((item, index) => ({ item, index, score: overlap(contentStems(textOf(item)), stems) }))
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .map(({ item, score }) => ({ item, score }));
}
