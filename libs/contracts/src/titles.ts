import { LIMITS } from './domain';

/**
 * A text cut to at most `max` characters at a word boundary, without a dangling connective or punctuation
 * ("Cadeia alimentar no pátio da escola: observar…" -> "Cadeia alimentar no pátio da escola"). Never cuts a word.
 */
export function cutAtWord(text: string, max: number): string {
  const clean = text.replace(/\s+/gu, ' ').trim();
  if (clean.length <= max) return trimTail(clean);
  const slice = clean.slice(0, max + 1);
  const lastSpace = slice.lastIndexOf(' ');
  const cut = lastSpace > 0 ? slice.slice(0, lastSpace) : clean.slice(0, max);
  return trimTail(cut);
}

/** Small words a title must not end on. */
const DANGLING = new Set(
  'a o e as os de da do das dos em na no nas nos um uma uns umas com por para pela pelo pelas pelos ao aos à às que se ou sobre entre'.split(
    ' ',
  ),
);

function trimTail(text: string): string {
  let words = text.replace(/[\s.,;:!?…\-–—(/]+$/u, '').split(' ');
  while (words.length > 1 && DANGLING.has(words[words.length - 1].toLocaleLowerCase('pt-BR'))) words = words.slice(0, -1);
  return words.join(' ').replace(/[\s.,;:!?…\-–—(/]+$/u, '');
}

/**
 * A plan's title from its lessons' titles (decisions.md, "Plans"): the distinct titles joined until the title's
 * limit, cut at a word boundary; at least LIMITS.temaPrincipalMin characters (else `fallback`).
 */
export function planTitleFromLessons(titles: readonly (string | null | undefined)[], fallback: string): string {
  const distinct: string[] = [];
  for (const title of titles) {
    const t = title?.trim();
    if (t && !distinct.some((d) => d.toLocaleLowerCase('pt-BR') === t.toLocaleLowerCase('pt-BR'))) distinct.push(t);
  }
  let joined = '';
  for (const title of distinct) {
    const next = joined ? `${joined}; ${title}` : title;
    if (next.length > LIMITS.temaPrincipalMax) break;
    joined = next;
  }
  if (!joined && distinct.length > 0) joined = cutAtWord(distinct[0], LIMITS.temaPrincipalMax);
  return joined.length >= LIMITS.temaPrincipalMin ? joined : fallback;
}
