'use strict';
// Deterministic, stratified split of cases.json into dev.json and heldout.json.
// No dependencies. Usage: node bench/redaction/split.js
//
// Each batch (`lote`: 1 for the cases without one, 2 for issue 34's) is split on its own, with its own seed, so
// a later batch never moves an earlier case between the halves.
// Strata: the negatives (no pessoais) form one stratum; every case with personal data goes to the stratum
// of its rarest kind (the kind with the fewest spans in its batch), so the few cpf / rg / email /
// endereco / cid cases are spread over both halves. Each stratum is shuffled (mulberry32 + Fisher-Yates)
// and dealt alternately, the first card of each stratum going to the half that holds fewer cases so far.
const fs = require('fs');
const path = require('path');

/** Per batch: the first seed, counting from 1, for which every count differs by at most 2 between the halves. */
const SEEDS = { 1: 2, 2: 1 };

function mulberry32(a) {
  return function () {
    a |= 0; a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function kindOrder(cases) {
  const total = {};
  for (const c of cases) for (const p of c.pessoais) total[p.tipo] = (total[p.tipo] || 0) + 1;
  return Object.keys(total).sort((a, b) => total[a] - total[b] || a.localeCompare(b));
}

function splitBatch(cases, seed) {
  const order = kindOrder(cases);
  const strata = new Map();
  for (const c of cases) {
    const kinds = new Set(c.pessoais.map((p) => p.tipo));
    const key = kinds.size === 0 ? 'negativo' : order.find((k) => kinds.has(k));
    if (!strata.has(key)) strata.set(key, []);
    strata.get(key).push(c);
  }
  const rnd = mulberry32(seed);
  const dev = [];
  const held = [];
  for (const key of ['negativo', ...order]) {
    const list = (strata.get(key) || []).slice().sort((a, b) => a.id.localeCompare(b.id));
    for (let i = list.length - 1; i > 0; i--) {
      const j = Math.floor(rnd() * (i + 1));
      [list[i], list[j]] = [list[j], list[i]];
    }
    const firstToDev = dev.length < held.length || (dev.length === held.length && rnd() < 0.5);
    list.forEach((c, i) => ((i % 2 === 0) === firstToDev ? dev : held).push(c));
  }
  return { dev, held, order };
}

function stats(cases, order) {
  const s = { cases: cases.length, negativos: 0 };
  for (const k of order) s[k] = 0;
  for (const c of cases) {
    if (c.pessoais.length === 0) s.negativos++;
    for (const p of c.pessoais) s[p.tipo]++;
  }
  return s;
}

const balanced = (a, b) => Object.keys(a).every((k) => Math.abs(a[k] - b[k]) <= 2);

const doc = JSON.parse(fs.readFileSync(path.join(__dirname, 'cases.json'), 'utf8'));
const batchOf = (c) => c.lote ?? 1;
const dev = [];
const held = [];
for (const lote of [...new Set(doc.cases.map(batchOf))].sort()) {
  const cases = doc.cases.filter((c) => batchOf(c) === lote);
  const seed = Number(process.env[`SEED_${lote}`] || SEEDS[lote]);
  const half = splitBatch(cases, seed);
  const sd = stats(half.dev, half.order);
  const sh = stats(half.held, half.order);
  console.log(`batch ${lote}, seed ${seed}${balanced(sd, sh) ? '' : ' (NOT balanced within 2)'}`);
  for (const k of Object.keys(sd)) console.log(`  ${k.padEnd(11)} dev ${String(sd[k]).padStart(3)}  heldout ${String(sh[k]).padStart(3)}`);
  dev.push(...half.dev);
  held.push(...half.held);
}
const byId = (a, b) => a.id.localeCompare(b.id);
dev.sort(byId);
held.sort(byId);

const seeds = Object.entries(SEEDS).map(([lote, seed]) => `batch ${lote} seed ${seed}`).join(', ');
const note = `${doc.note} Split by bench/redaction/split.js (${seeds}).`;
const write = (name, half, cases) =>
  fs.writeFileSync(path.join(__dirname, name),
    JSON.stringify({ written: doc.written, note, half, seeds: SEEDS, cases }, null, 2) + '\n');
write('dev.json', 'dev', dev);
write('heldout.json', 'heldout', held);
console.log('dev:', dev.map((c) => c.id).join(' '));
console.log('heldout:', held.map((c) => c.id).join(' '));
