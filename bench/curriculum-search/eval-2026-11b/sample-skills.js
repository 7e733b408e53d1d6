// Samples 3 skills per (year, app subject) pool with a fixed seed, avoiding the codes of the earlier sets
// (eval-set.json, eval-2026-11/) while the pool has enough others. The sample does not depend on the search.
const { readFileSync } = require('fs');
const { resolve } = require('node:path');
const { fromBncc, inScope } = require('../../../libs/curriculum/dist');
const records = JSON.parse(readFileSync(resolve(__dirname, '../../../libs/curriculum/data/bncc-ef.json'), 'utf8')).map(fromBncc);
const used = new Set();
const addCodes = (items) => items.forEach((it) => (it.accept || []).forEach((c) => used.add(c)));
addCodes(JSON.parse(readFileSync(resolve(__dirname, '../eval-set.json'), 'utf8')).items);
for (const f of ['dev', 'heldout']) addCodes(JSON.parse(readFileSync(resolve(__dirname, `../eval-2026-11/${f}.json`), 'utf8')).items);
const subjects = ['matematica', 'portugues', 'ciencias', 'historia', 'geografia', 'artes', 'educacao-fisica', 'ingles', 'musica', 'ensino-religioso'];
let seed = 14202611; const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
const taken = new Set();
for (let ano = 1; ano <= 9; ano++) for (const m of subjects) {
  const pool = records.filter((r) => inScope(r, m, ano));
  if (!pool.length) continue;
  const fresh = pool.filter((r) => !used.has(r.code) && !taken.has(r.code));
  const from = fresh.length >= 3 ? fresh : pool.filter((r) => !taken.has(r.code)).length >= 3 ? pool.filter((r) => !taken.has(r.code)) : pool;
  const picked = new Set();
  while (picked.size < Math.min(3, from.length)) picked.add(from[Math.floor(rnd() * from.length)]);
  for (const r of picked) { taken.add(r.code); console.log(`${ano}|${m}|${r.code}|${r.unit}|${(r.knowledgeObjects || []).join('; ')}|${r.description}`); }
}
