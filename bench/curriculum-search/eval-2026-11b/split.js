// Writes dev.json and heldout.json from items.json: a deterministic split stratified by whether the description
// shares a content word with its skill (overlap.js), so both halves hold the same mix. Within each stratum, items
// alternate dev / held-out in file order (file order is year, then subject), so years and subjects spread evenly.
// Also checks every accepted code: it exists and is in scope for the item's year and subject.
const { readFileSync, writeFileSync } = require('fs');
const { resolve } = require('node:path');
const { fromBncc, inScope } = require('../../../libs/curriculum/dist');
const { sharesNone } = require('./overlap');
const records = new Map(JSON.parse(readFileSync(resolve(__dirname, '../../../libs/curriculum/data/bncc-ef.json'), 'utf8')).map(fromBncc).map((r) => [r.code, r]));
const { about, items } = JSON.parse(readFileSync(resolve(__dirname, 'items.json'), 'utf8'));
for (const it of items) for (const c of it.accept) {
  const r = records.get(c);
  if (!r || !inScope(r, it.materia, Number(it.ano))) throw new Error(`${c} is not a skill of ${it.materia} ${it.ano}º ano (${it.q})`);
}
const halves = { dev: [], heldout: [] };
const seen = { true: 0, false: 0 };
for (const it of items) {
  const none = sharesNone(it);
  (seen[none]++ % 2 === 0 ? halves.dev : halves.heldout).push({ ...it, sharesNoWord: none });
}
for (const [name, list] of Object.entries(halves)) {
  writeFileSync(resolve(__dirname, `${name}.json`), JSON.stringify({ about: `${about} This file: the ${name === 'dev' ? 'development' : 'held-out'} half.`, items: list }, null, 1) + '\n');
  console.log(`${name}: ${list.length} items, ${list.filter((i) => i.sharesNoWord).length} share no content word with their skill`);
}
