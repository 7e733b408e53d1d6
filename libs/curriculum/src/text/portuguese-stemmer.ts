/**
 * A light Portuguese stemmer for folded words (no accents): plural, a few derivational and verbal endings,
 * then the final vowel. It only has to send a skill's words and a teacher's words to the same stem
 * ('frações'/'fração', 'medir'/'medida', 'representação'/'representar'), not to be linguistically exact.
 */
export function stemPortuguese(word: string): string {
  if (word.length < 4 || /\d/.test(word)) return word;
  let w = removeDiminutive(removePlural(word));
  w = removeSuffix(w);
  return removeFinalVowel(w);
}

function removePlural(w: string): string {
  if (!w.endsWith('s') || w.endsWith('ss')) return w;
  if (/(oes|aes)$/.test(w)) return w.slice(0, -3) + 'ao';
  if (w.length >= 5 && w.endsWith('ais')) return w.slice(0, -3) + 'al';
  if (w.length >= 5 && w.endsWith('eis')) return w.slice(0, -3) + 'el';
  if (w.length >= 5 && w.endsWith('ois')) return w.slice(0, -3) + 'ol';
  if (w.endsWith('ns')) return w.slice(0, -2) + 'm';
  if (w.length >= 5 && /[rzsl]es$/.test(w)) return w.slice(0, -2);
  if (w.endsWith('us') || w.endsWith('is')) return w;
  return w.slice(0, -1);
}

/**
 * 'dinheirinho' -> 'dinheiro', 'continha' -> 'conta', 'joguinho' -> 'jogo', 'bonequinha' -> 'boneca': teachers
 * write them often. A base of at least four letters keeps 'caminho', 'cozinha' and 'vizinho' whole.
 */
function removeDiminutive(w: string): string {
  const match = /^(.{4,}?)z?inh([oa])$/.exec(w);
  if (!match) return w;
  const [, base, ending] = match;
  if (base.endsWith('qu')) return base.slice(0, -2) + 'c' + ending;
  if (base.endsWith('gu')) return base.slice(0, -1) + ending;
  return base + ending;
}

/** Longest first; each keeps a stem of at least `min` letters. */
const SUFFIXES: ReadonlyArray<[suffix: string, min: number]> = [
  ['amente', 4],
  ['mente', 4],
  ['imento', 3],
  ['amento', 3],
  ['acao', 4],
  ['idade', 4],
  ['ando', 3],
  ['endo', 3],
  ['indo', 3],
  // 'solido' must not become 'sol' (as 'solar' does); 'medida' may become 'med' (as 'medir' does).
  ['ado', 4],
  ['ido', 4],
  ['ada', 3],
  ['ida', 3],
  ['ar', 3],
  ['er', 3],
  ['ir', 3],
];

function removeSuffix(w: string): string {
  for (const [suffix, min] of SUFFIXES) {
    if (w.endsWith(suffix) && w.length - suffix.length >= min) return w.slice(0, -suffix.length);
  }
  return w;
}

/** 'casa'/'caso' -> 'cas', 'familia'/'familiar' -> 'famili'; '-ao' words keep their ending ('fracao'). */
function removeFinalVowel(w: string): string {
  if (w.length < 4 || w.endsWith('ao')) return w;
  return /[aeo]$/.test(w) ? w.slice(0, -1) : w;
}
