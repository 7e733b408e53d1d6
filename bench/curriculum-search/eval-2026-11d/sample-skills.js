// Samples the skills of eval-2026-11d: up to 2 per (year, app subject) pool, with a fixed seed (20261211, not the
// 20261125 of eval-2026-11c). A pool gives 2 skills when it has 2 codes not accepted by any earlier set
// (eval-set.json, eval-2026-11/, eval-2026-11b/, eval-2026-11c/) and not already taken here; otherwise it is filled
// up to 2 with codes used by an earlier set, except in the pools whose every skill spans several years (artes, musica,
// educacao-fisica: EF15AR, EF69AR, EF12EF, EF35EF, EF67EF, EF89EF), which the earlier sets have used over and over:
// those give their fresh codes and at least one skill. No code is sampled twice. Only the codes of the earlier sets
// are read (their `accept` lists), never their descriptions. The sample does not depend on the search.
//
//   node sample-skills.js            prints year|subject|code|unit|knowledge objects|description[|REUSED], a skill a line
//   node sample-skills.js --pools    also prints, under each pool, its other skills (to decide the siblings to accept)
const { readFileSync } = require('fs');
const { resolve } = require('node:path');
const { fromBncc, inScope } = require('../../../libs/curriculum/dist');
const records = JSON.parse(readFileSync(resolve(__dirname, '../../../libs/curriculum/data/bncc-ef.json'), 'utf8')).map(fromBncc);
const used = new Set();
const addCodes = (file) => JSON.parse(readFileSync(resolve(__dirname, file), 'utf8')).items.forEach((it) => (it.accept || []).forEach((c) => used.add(c)));
addCodes('../eval-set.json');
for (const f of ['dev', 'heldout']) addCodes(`../eval-2026-11/${f}.json`);
addCodes('../eval-2026-11b/items.json');
addCodes('../eval-2026-11c/items.json');
const subjects = ['matematica', 'portugues', 'ciencias', 'historia', 'geografia', 'artes', 'educacao-fisica', 'ingles', 'musica', 'ensino-religioso'];
const PER_POOL = 2;
let seed = 20261211; const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
const taken = new Set();
const showPools = process.argv.includes('--pools');
const sample = [];
for (let ano = 1; ano <= 9; ano++) for (const m of subjects) {
  const pool = records.filter((r) => inScope(r, m, ano));
  if (!pool.length) continue;
  const fresh = pool.filter((r) => !used.has(r.code) && !taken.has(r.code));
  const notTaken = pool.filter((r) => !taken.has(r.code));
  const spans = pool.every((r) => (r.years || []).length > 1);
  const want = spans ? Math.min(Math.max(1, Math.min(PER_POOL, fresh.length)), notTaken.length) : Math.min(PER_POOL, notTaken.length);
  const picked = new Set();
  while (picked.size < Math.min(want, fresh.length)) picked.add(fresh[Math.floor(rnd() * fresh.length)]);
  const reused = notTaken.filter((r) => !fresh.includes(r));
  while (picked.size < want) picked.add(reused[Math.floor(rnd() * reused.length)]);
  for (const r of picked) {
    taken.add(r.code);
    sample.push(r);
    console.log(`${ano}|${m}|${r.code}|${r.unit}|${(r.knowledgeObjects || []).join('; ')}|${r.description}${used.has(r.code) ? '|REUSED' : ''}`);
  }
  if (showPools && picked.size) for (const r of pool) if (!picked.has(r)) console.log(`    ${r.code} [${r.unit}] ${r.description}`);
}
if (!showPools) console.error(`${sample.length} skills, ${sample.filter((r) => used.has(r.code)).length} used by an earlier set`);
