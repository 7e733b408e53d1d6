// Splits items.json into dev.json (the development half: measure and tune on it) and heldout.json (scored only once,
// at the end, never tuned on), stratified by `sharesNoWord` and subject, with a fixed seed (2611256).
// Before splitting it checks every item: 3 to 14 words; every accepted code exists, is in scope for the item's year and
// subject, and is listed once. `sharesNoWord` is the measure of ../eval-2026-11b/overlap.js (words of 4+ letters,
// accents folded, compared by their first 5 letters, school words left out) against the first accepted skill's
// description, knowledge objects and unit (the stricter of its two measures), as score.js reports by stratum.
//
//   node make-split.js
const { readFileSync, writeFileSync } = require('fs');
const { resolve } = require('node:path');
const { fromBncc } = require('../../../libs/curriculum/dist/curriculum-record');
const { inScope } = require('../../../libs/curriculum/dist/materia');
const { sharesNone } = require('../eval-2026-11b/overlap');

const records = new Map(JSON.parse(readFileSync(resolve(__dirname, '../../../libs/curriculum/data/bncc-ef.json'), 'utf8')).map(fromBncc).map((r) => [r.code, r]));
const { about, items } = JSON.parse(readFileSync(resolve(__dirname, 'items.json'), 'utf8'));
for (const it of items) {
  if (new Set(it.accept).size !== it.accept.length) throw new Error(`repeated code in ${it.accept} (${it.q})`);
  const n = it.q.trim().split(/\s+/).length;
  if (n < 3 || n > 14) throw new Error(`${n} words: ${it.q}`);
  for (const c of it.accept) {
    const r = records.get(c);
    if (!r || !inScope(r, it.materia, Number(it.ano))) throw new Error(`${c} is not a skill of ${it.materia} ${it.ano}º ano (${it.q})`);
  }
}

let seed = 2611256;
const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
const flagged = items.map((it) => ({ ...it, sharesNoWord: sharesNone(it, true) }));
const strata = new Map();
for (const it of flagged) {
  const key = `${it.sharesNoWord ? 'none' : 'shares'}|${it.materia}`;
  if (!strata.has(key)) strata.set(key, []);
  strata.get(key).push(it);
}
const dev = [];
const heldout = [];
let nextFirst = 0; // the side that gets the odd item of a stratum alternates, so the halves stay even
for (const key of [...strata.keys()].sort()) {
  const group = strata.get(key);
  for (let i = group.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [group[i], group[j]] = [group[j], group[i]];
  }
  group.forEach((it, i) => ((i + nextFirst) % 2 === 0 ? dev : heldout).push(it));
  if (group.length % 2) nextFirst = 1 - nextFirst;
}
const order = new Map(flagged.map((it, i) => [it, i]));
const byOrder = (a, b) => order.get(a) - order.get(b);
dev.sort(byOrder);
heldout.sort(byOrder);
writeFileSync(resolve(__dirname, 'dev.json'), JSON.stringify({ about: `${about} This file: the development half. Measure and tune on it; score.js reports it by stratum.`, items: dev }, null, 1) + '\n');
writeFileSync(resolve(__dirname, 'heldout.json'), JSON.stringify({ about: `${about} This file: the held-out half. Score it only once, at the end, with the final search; never tune on it, never look at its misses before that.`, items: heldout }, null, 1) + '\n');
for (const [name, list] of [['all', flagged], ['dev', dev], ['heldout', heldout]]) {
  const none = list.filter((i) => i.sharesNoWord).length;
  console.log(`${name}: ${list.length} items; share no content word with their skill's description, knowledge objects and unit: ${none} (${(100 * none / list.length).toFixed(0)}%); ${list.filter((i) => i.accept.length > 1).length} accept a sibling`);
}
const subjects = [...new Set(flagged.map((i) => i.materia))];
for (const m of subjects) console.log(`  ${m}: ${flagged.filter((i) => i.materia === m).length} (dev ${dev.filter((i) => i.materia === m).length}, heldout ${heldout.filter((i) => i.materia === m).length})`);
