'use strict';
// Deterministic, stratified split of cases.json into dev.json and heldout.json.
// No dependencies. Usage: node bench/redaction/split.js
//
// Strata: the negatives (no pessoais) form one stratum; every case with personal data goes to the stratum
// of its rarest kind (the kind with the fewest spans in the whole set), so the few cpf / rg / email /
// endereco / cid cases are spread over both halves. Each stratum is shuffled (mulberry32 + Fisher-Yates)
// and dealt alternately, the first card of each stratum going to the half that holds fewer cases so far.
const fs = require('fs');
const path = require('path');

const SEED = Number(process.env.SEED || 2);

function mulberry32(a) {
  return function () {
    a |= 0; a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const doc = JSON.parse(fs.readFileSync(path.join(__dirname, 'cases.json'), 'utf8'));
const total = {};
for (const c of doc.cases) for (const p of c.pessoais) total[p.tipo] = (total[p.tipo] || 0) + 1;
const KIND_ORDER = Object.keys(total).sort((a, b) => total[a] - total[b] || a.localeCompare(b));

const strata = new Map();
for (const c of doc.cases) {
  const kinds = new Set(c.pessoais.map((p) => p.tipo));
  const key = kinds.size === 0 ? 'negativo' : KIND_ORDER.find((k) => kinds.has(k));
  if (!strata.has(key)) strata.set(key, []);
  strata.get(key).push(c);
}

const rnd = mulberry32(SEED);
const dev = [];
const held = [];
for (const key of ['negativo', ...KIND_ORDER]) {
  const list = (strata.get(key) || []).slice().sort((a, b) => a.id.localeCompare(b.id));
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [list[i], list[j]] = [list[j], list[i]];
  }
  const firstToDev = dev.length < held.length || (dev.length === held.length && rnd() < 0.5);
  list.forEach((c, i) => ((i % 2 === 0) === firstToDev ? dev : held).push(c));
}
const byId = (a, b) => a.id.localeCompare(b.id);
dev.sort(byId);
held.sort(byId);

function stats(cases) {
  const s = { cases: cases.length, negativos: 0 };
  for (const k of KIND_ORDER) s[k] = 0;
  for (const c of cases) {
    if (c.pessoais.length === 0) s.negativos++;
    for (const p of c.pessoais) s[p.tipo]++;
  }
  return s;
}

const note = `${doc.note} Split by bench/redaction/split.js, seed ${SEED}.`;
const write = (name, half, cases) =>
  fs.writeFileSync(path.join(__dirname, name),
    JSON.stringify({ written: doc.written, note, half, seed: SEED, cases }, null, 2) + '\n');
write('dev.json', 'dev', dev);
write('heldout.json', 'heldout', held);

const sd = stats(dev);
const sh = stats(held);
console.log(`seed ${SEED}`);
for (const k of Object.keys(sd)) console.log(`${k.padEnd(11)} dev ${String(sd[k]).padStart(3)}  heldout ${String(sh[k]).padStart(3)}`);
console.log('dev:', dev.map((c) => c.id).join(' '));
console.log('heldout:', held.map((c) => c.id).join(' '));
