// Samples 2 skills per (year, app subject) pool with a fixed seed, avoiding every code accepted by the earlier sets
// (eval-set.json, eval-2026-11/, eval-2026-11b/) while the pool has enough others. Only the codes of the earlier sets
// are read here (their `accept` lists), never their descriptions. The sample does not depend on the search.
//
//   node sample-skills.js            prints year|subject|code|unit|knowledge objects|description, one skill a line
const { readFileSync } = require('fs');
const { resolve } = require('node:path');
const { fromBncc, inScope } = require('../../../libs/curriculum/dist');
const records = JSON.parse(readFileSync(resolve(__dirname, '../../../libs/curriculum/data/bncc-ef.json'), 'utf8')).map(fromBncc);
const used = new Set();
const addCodes = (file) => JSON.parse(readFileSync(resolve(__dirname, file), 'utf8')).items.forEach((it) => (it.accept || []).forEach((c) => used.add(c)));
addCodes('../eval-set.json');
for (const f of ['dev', 'heldout']) addCodes(`../eval-2026-11/${f}.json`);
addCodes('../eval-2026-11b/items.json');
const subjects = ['matematica', 'portugues', 'ciencias', 'historia', 'geografia', 'artes', 'educacao-fisica', 'ingles', 'musica', 'ensino-religioso'];
const PER_POOL = 2;
let seed = 20261125; const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
const taken = new Set();
for (let ano = 1; ano <= 9; ano++) for (const m of subjects) {
  const pool = records.filter((r) => inScope(r, m, ano));
  if (!pool.length) continue;
  const fresh = pool.filter((r) => !used.has(r.code) && !taken.has(r.code));
  const notTaken = pool.filter((r) => !taken.has(r.code));
  const from = fresh.length >= PER_POOL ? fresh : notTaken.length >= PER_POOL ? notTaken : pool;
  const picked = new Set();
  while (picked.size < Math.min(PER_POOL, from.length)) picked.add(from[Math.floor(rnd() * from.length)]);
  for (const r of picked) { taken.add(r.code); console.log(`${ano}|${m}|${r.code}|${r.unit}|${(r.knowledgeObjects || []).join('; ')}|${r.description}${used.has(r.code) ? '|REUSED' : ''}`); }
}
