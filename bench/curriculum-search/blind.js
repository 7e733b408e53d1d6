// "Blind" scoring for a set whose writer also wrote the classroom words and example lessons of the items it samples
// (eval-2026-11-etapas2): for each item, the classroom text of its accepted items is indexed without the words of the
// item's own description (the same stem, or a variant the search's fuzzy matching would take for it) that only they
// hold in their pool, so that no distinctive word the writer may have carried from the description into the classroom
// text counts. This is stricter than a writer who had never seen the set: natural words a teacher types for one item
// only ('chamadinha', 'alinhavo') are removed too.
'use strict';
const { analyzeQuery, foldText, shippedClassroomFields, STOPWORDS, stemPortuguese, trigrams, trigramSimilarity } = require('../../libs/curriculum/dist');

/** Whether two stems are the same word for the search: equal, or a typo/variant its fuzzy matching accepts (skill-index.ts). */
function sameWord(a, b) {
  if (a === b) return true;
  if (Math.min(a.length, b.length) / Math.max(a.length, b.length) < 0.6) return false;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  const prefix = short.length >= 5 && long.startsWith(short) ? 0.6 + 0.4 * (short.length / long.length) : 0;
  return Math.max(prefix, trigramSimilarity(trigrams(a), trigrams(b))) >= 0.55;
}

/** The text without the words whose stem is one of `stems` (or a variant of one). */
function withoutWords(text, stems) {
  if (!text) return text;
  return text.replace(/[\p{L}\p{N}]+/gu, (word) => {
    const folded = foldText(word);
    if (STOPWORDS.has(folded)) return word;
    const stem = stemPortuguese(folded);
    return stems.some((s) => sameWord(s, stem)) ? '' : word;
  });
}

/** Whether a text holds a word with one of these stems (or a variant). */
function holds(text, stem) {
  return (text.match(/[\p{L}\p{N}]+/gu) ?? []).some((w) => {
    const folded = foldText(w);
    return !STOPWORDS.has(folded) && sameWord(stem, stemPortuguese(folded));
  });
}

/**
 * The classroom text of every record of the pool, minus, in the accepted records' text, each word of the description
 * that no other record's classroom text of the pool holds: the words the writer gave only to the accepted items are
 * the ones a description could have leaked into; a word the other items' text holds too counts for all of them alike.
 * `fields`: only these fields lose the words (the text written after the set); null: every field.
 */
function blindExtra(item, pool, fields = null) {
  const accepted = new Set(item.accept);
  const text = (r) => Object.values(shippedClassroomFields(r)).filter((t) => typeof t === 'string').join('\n');
  const others = pool.filter((r) => !accepted.has(r.code)).map(text);
  const stems = [...new Set(analyzeQuery(item.q))].filter((s) => !others.some((t) => holds(t, s)));
  return (record) => {
    const shipped = shippedClassroomFields(record);
    if (!accepted.has(record.code)) return shipped;
    return Object.fromEntries(Object.entries(shipped).map(([field, t]) => [field, typeof t === 'string' && (!fields || fields.includes(field)) ? withoutWords(t, stems) : t]));
  };
}

module.exports = { blindExtra, withoutWords };
