// Checks items.json (3 to 14 words a description; every accepted code exists, is in scope for the item's stage, year
// and subject and is listed once; an item that accepts a code also accepts its twins, the pool's items with the same
// official text), flags each item `sharesNoWord` (../eval-2026-11b/overlap.js, against the first accepted item's
// description, knowledge objects and unit) and writes dev.json (tune on it) and heldout.json (scored once, at the end),
// stratified by (sharesNoWord, stage and subject) with a fixed seed (2612011). See ../eval-tools.js.
//
//   node make-split.js
const { readFileSync } = require('fs');
const { resolve } = require('node:path');
const { allRecords, checkItems, splitItems, writeHalves } = require('../eval-tools');
const { inScope } = require('../../../libs/curriculum/dist/materia');

const { about, items } = JSON.parse(readFileSync(resolve(__dirname, 'items.json'), 'utf8'));
checkItems(items);
const text = (r) => r.description.replace(/\W/g, '');
const byCode = new Map(allRecords().map((r) => [r.code, r]));
for (const it of items) {
  for (const code of it.accept) {
    const twins = allRecords().filter((o) => o.code !== code && text(o) === text(byCode.get(code)) && inScope(o, it.materia, Number(it.ano), it.etapa));
    for (const t of twins) if (!it.accept.includes(t.code)) throw new Error(`${it.q}: accepts ${code} but not its twin ${t.code}`);
  }
}
const stageSubject = (it) => `${it.etapa}:${it.materia}`;
writeHalves(__dirname, about, splitItems(items, 2612011, stageSubject), stageSubject);
