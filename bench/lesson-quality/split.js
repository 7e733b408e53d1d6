#!/usr/bin/env node
// Deterministic split of scenarios.json into dev.json and heldout.json (half each),
// stratified by year band (1-5 and 6-9). Seeded PRNG (mulberry32) + Fisher-Yates per band;
// within a band the first half (rounded up for dev on even band index, down on odd, so the
// totals stay balanced) goes to dev, the rest to heldout. No dependencies.
// Usage: node bench/lesson-quality/split.js [seed]   (default seed 32)
// Seed 32 is the first seed counting from 1 whose two halves each cover all 10 subjects and
// all 9 years; it was picked on that coverage alone, before any scoring.
'use strict';
const fs = require('fs');
const path = require('path');

const SEED = Number(process.argv[2] || 32);
const HERE = __dirname;
const src = JSON.parse(fs.readFileSync(path.join(HERE, 'scenarios.json'), 'utf8'));

function mulberry32(a) {
  return function () {
    a |= 0; a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rand = mulberry32(SEED);

const bands = [['1-5', (a) => a <= 5], ['6-9', (a) => a >= 6]];
const dev = [];
const heldout = [];
bands.forEach(([, inBand], bi) => {
  const items = src.scenarios.filter((s) => inBand(Number(s.ano))).sort((a, b) => a.id.localeCompare(b.id));
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [items[i], items[j]] = [items[j], items[i]];
  }
  const half = bi % 2 === 0 ? Math.ceil(items.length / 2) : Math.floor(items.length / 2);
  dev.push(...items.slice(0, half));
  heldout.push(...items.slice(half));
});
const byId = (a, b) => a.id.localeCompare(b.id);
dev.sort(byId);
heldout.sort(byId);

const meta = (name) => ({
  written: src.written,
  note: `${src.note} Split '${name}' of scenarios.json by split.js, seed ${SEED}, stratified by year band 1-5 / 6-9.`,
  scenarios: name === 'dev' ? dev : heldout,
});
for (const name of ['dev', 'heldout']) {
  fs.writeFileSync(path.join(HERE, `${name}.json`), JSON.stringify(meta(name), null, 2) + '\n');
}
const band = (l) => bands.map(([n, f]) => `${n}: ${l.filter((s) => f(Number(s.ano))).length}`).join(', ');
console.log(`seed ${SEED}`);
console.log(`dev     ${dev.length} scenarios (${band(dev)}): ${dev.map((s) => s.id).join(' ')}`);
console.log(`heldout ${heldout.length} scenarios (${band(heldout)}): ${heldout.map((s) => s.id).join(' ')}`);
