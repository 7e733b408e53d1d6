// Writes heldout.json = every item of items.json, each with the `sharesNoWord` flag that score.js uses to report by
// stratum (the measure of ../eval-2026-11b/overlap.js: words of 4+ letters, accents folded, compared by their first
// 5 letters, school words left out). There is no dev half: this set is scored once and never tuned on.
// Also checks every accepted code: it exists and is in scope for the item's year and subject.
//
//   node make-heldout.js && node ../eval-2026-11b/overlap.js ../eval-2026-11c/heldout.json
const { readFileSync, writeFileSync } = require('fs');
const { resolve } = require('node:path');
const { fromBncc, inScope } = require('../../../libs/curriculum/dist');
const { sharesNone } = require('../eval-2026-11b/overlap');
const records = new Map(JSON.parse(readFileSync(resolve(__dirname, '../../../libs/curriculum/data/bncc-ef.json'), 'utf8')).map(fromBncc).map((r) => [r.code, r]));
const { about, items } = JSON.parse(readFileSync(resolve(__dirname, 'items.json'), 'utf8'));
for (const it of items) for (const c of it.accept) {
  const r = records.get(c);
  if (!r || !inScope(r, it.materia, Number(it.ano))) throw new Error(`${c} is not a skill of ${it.materia} ${it.ano}º ano (${it.q})`);
}
const list = items.map((it) => ({ ...it, sharesNoWord: sharesNone(it) }));
writeFileSync(resolve(__dirname, 'heldout.json'), JSON.stringify({ about: `${about} This file: all items (no dev half).`, items: list }, null, 1) + '\n');
console.log(`heldout: ${list.length} items, ${list.filter((i) => i.sharesNoWord).length} share no content word with their skill's description; ${list.filter((i) => i.accept.length > 1).length} accept a sibling`);
