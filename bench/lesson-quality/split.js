#!/usr/bin/env node
// Deterministic split of a scenario set into a dev half and a held-out half, stratified by band. Seeded PRNG
// (mulberry32) + Fisher-Yates per band; within a band the first half (rounded up for dev on even band index, down
// on odd, so the totals stay balanced) goes to dev, the rest to heldout. No dependencies.
//   node bench/lesson-quality/split.js [seed]                 scenarios.json -> dev.json, heldout.json (seed 32)
//   node bench/lesson-quality/split.js whole-bncc [seed]      whole-bncc.json -> whole-bncc-dev.json, -heldout.json (seed 7)
// Each default seed is the first counting from 1 whose two halves cover what the set is meant to cover (coverage
// below); it was picked on that coverage alone, before any scoring.
'use strict';
const fs = require('fs');
const path = require('path');

const HERE = __dirname;
const lessonSubjects = (s) => s.aulas.map((a) => a.materia ?? s.materia);
const SETS = {
  // Ensino Fundamental, one subject a plan: bands by year; each half covers all 10 subjects and all 9 years.
  fundamental: {
    source: 'scenarios.json',
    out: (name) => `${name}.json`,
    seed: 32,
    stratified: 'year band 1-5 / 6-9',
    bands: [['1-5', (s) => Number(s.ano) <= 5], ['6-9', (s) => Number(s.ano) >= 6]],
    coverage: (half) => [new Set(half.map((s) => s.materia)).size === 10, new Set(half.map((s) => s.ano)).size === 9],
  },
  // Whole BNCC (issue 27): bands by kind; each half covers the 5 early years in mixed plans, the 3 grupos and the
  // 6 infantil subjects, the 3 séries and the 6 médio subjects.
  'whole-bncc': {
    source: 'whole-bncc.json',
    out: (name) => `whole-bncc-${name}.json`,
    seed: 7,
    stratified: 'kind: mixed-subject plans of the early years / infantil / médio',
    bands: [
      ['misto 1-5', (s) => s.id.startsWith('m')],
      ['infantil', (s) => s.id.startsWith('i')],
      ['medio', (s) => s.id.startsWith('e')],
    ],
    coverage: (half) => {
      const of = (prefix) => half.filter((s) => s.id.startsWith(prefix));
      const subjects = (list) => new Set(list.flatMap(lessonSubjects)).size;
      const years = (list) => new Set(list.map((s) => s.ano)).size;
      return [years(of('m')) === 5, years(of('i')) === 3, subjects(of('i')) === 6, years(of('e')) === 3, subjects(of('e')) === 6];
    },
  },
};

const named = process.argv[2] && SETS[process.argv[2]] ? process.argv[2] : null;
const set = SETS[named ?? 'fundamental'];
const seedArgument = process.argv[named ? 3 : 2];
const SEED = Number(seedArgument || set.seed);
const src = JSON.parse(fs.readFileSync(path.join(HERE, set.source), 'utf8'));

function mulberry32(a) {
  return function () {
    a |= 0; a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function split(seed) {
  const rand = mulberry32(seed);
  const dev = [];
  const heldout = [];
  set.bands.forEach(([, inBand], bi) => {
    const items = src.scenarios.filter(inBand).sort((a, b) => a.id.localeCompare(b.id));
    for (let i = items.length - 1; i > 0; i--) {
      const j = Math.floor(rand() * (i + 1));
      [items[i], items[j]] = [items[j], items[i]];
    }
    const half = bi % 2 === 0 ? Math.ceil(items.length / 2) : Math.floor(items.length / 2);
    dev.push(...items.slice(0, half));
    heldout.push(...items.slice(half));
  });
  const byId = (a, b) => a.id.localeCompare(b.id);
  return { dev: dev.sort(byId), heldout: heldout.sort(byId) };
}

if (process.argv.includes('--find-seed')) {
  // The first seed counting from 1 whose halves both cover the set (how the default seed was chosen).
  for (let seed = 1; seed < 10000; seed++) {
    const { dev, heldout } = split(seed);
    if ([dev, heldout].every((half) => set.coverage(half).every(Boolean))) {
      console.log(`first covering seed: ${seed}`);
      process.exit(0);
    }
  }
  process.exit(1);
}

const { dev, heldout } = split(SEED);
const meta = (name) => ({
  written: src.written,
  note: `${src.note} Split '${name}' of ${set.source} by split.js, seed ${SEED}, stratified by ${set.stratified}.`,
  scenarios: name === 'dev' ? dev : heldout,
});
for (const name of ['dev', 'heldout']) {
  fs.writeFileSync(path.join(HERE, set.out(name)), JSON.stringify(meta(name), null, 2) + '\n');
}
const band = (l) => set.bands.map(([n, f]) => `${n}: ${l.filter(f).length}`).join(', ');
const lessons = (l) => l.reduce((n, s) => n + s.aulas.length, 0);
console.log(`seed ${SEED}`);
console.log(`dev     ${dev.length} scenarios, ${lessons(dev)} lessons (${band(dev)}): ${dev.map((s) => s.id).join(' ')}`);
console.log(`heldout ${heldout.length} scenarios, ${lessons(heldout)} lessons (${band(heldout)}): ${heldout.map((s) => s.id).join(' ')}`);
