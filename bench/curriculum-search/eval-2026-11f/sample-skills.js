// Samples the skills of eval-2026-11f: 3 per (year, app subject) pool, with a fixed seed (202611256, not the 20261125
// of eval-2026-11c, the 20261211 of eval-2026-11d nor the 202611255 of eval-2026-11e), over every app subject that has
// BNCC skills in years 1 to 9 (ingles from the 6º ano; musica and ensino religioso included). A pool first gives codes
// not accepted by any earlier set (eval-set.json, eval-2026-11/, eval-2026-11b/, eval-2026-11c/, eval-2026-11d/,
// eval-2026-11e/) and not already taken here; when
// it has fewer than 3 of those it is filled up with codes an earlier set used. No code is sampled twice, so a pool
// whose skills span several years (artes, musica, educacao-fisica) gives fewer than 3 when the earlier years of the
// same span have taken its codes. Only the codes of the earlier sets are read (their `accept` lists), never their
// descriptions, and they are not printed. The sample does not depend on the search (the search code is not loaded:
// only the record and subject helpers of libs/curriculum/dist).
//
//   node sample-skills.js            prints year|subject|code|unit|knowledge objects|description[|REUSED], a skill a line
//   node sample-skills.js --pools    also prints, under each pool, its other skills (to decide the siblings to accept)
const { readFileSync } = require('fs');
const { resolve } = require('node:path');
const { fromBncc } = require('../../../libs/curriculum/dist/curriculum-record');
const { inScope } = require('../../../libs/curriculum/dist/materia');

const records = JSON.parse(readFileSync(resolve(__dirname, '../../../libs/curriculum/data/bncc-ef.json'), 'utf8')).map(fromBncc);
const used = new Set();
const addCodes = (file) => JSON.parse(readFileSync(resolve(__dirname, file), 'utf8')).items.forEach((it) => (it.accept || []).forEach((c) => used.add(c)));
addCodes('../eval-set.json');
for (const f of ['dev', 'heldout']) addCodes(`../eval-2026-11/${f}.json`);
for (const d of ['eval-2026-11b', 'eval-2026-11c', 'eval-2026-11d', 'eval-2026-11e']) addCodes(`../${d}/items.json`);

const subjects = ['matematica', 'portugues', 'ciencias', 'historia', 'geografia', 'artes', 'educacao-fisica', 'ingles', 'musica', 'ensino-religioso'];
const PER_POOL = 3;
let seed = 202611256;
const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
const taken = new Set();

/** The sampled skills in order, each with its year, subject and the other skills of its pool. */
function sampleSkills() {
  const sample = [];
  for (let ano = 1; ano <= 9; ano++) for (const materia of subjects) {
    const pool = records.filter((r) => inScope(r, materia, ano));
    if (!pool.length) continue;
    const fresh = pool.filter((r) => !used.has(r.code) && !taken.has(r.code));
    const reused = pool.filter((r) => used.has(r.code) && !taken.has(r.code));
    const picked = [];
    const pick = (from) => {
      while (picked.length < PER_POOL && from.some((r) => !picked.includes(r))) {
        const r = from[Math.floor(rnd() * from.length)];
        if (!picked.includes(r)) picked.push(r);
      }
    };
    pick(fresh);
    pick(reused);
    for (const r of picked) {
      taken.add(r.code);
      sample.push({ ano, materia, record: r, reused: used.has(r.code), others: pool.filter((o) => o !== r) });
    }
  }
  return sample;
}

const showPools = process.argv.includes('--pools');
const sample = sampleSkills();
for (const { ano, materia, record: r, reused, others } of sample) {
  console.log(`${ano}|${materia}|${r.code}|${r.unit}|${(r.knowledgeObjects || []).join('; ')}|${r.description}${reused ? '|REUSED' : ''}`);
  if (showPools) for (const o of others) console.log(`    ${o.code} [${o.unit}] ${o.description}`);
}
console.error(`${sample.length} skills, ${sample.filter((s) => s.reused).length} used by an earlier set`);
