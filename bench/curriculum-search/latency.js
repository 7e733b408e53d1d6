#!/usr/bin/env node
// Latency of one skill search: every description of the given sets' halves, each searched ROUNDS times in its own
// pool (interleaved rounds, after a warm-up), p50 / p95 / max over all searches; beside it, in the same run, the
// reference: the same descriptions' query analysis alone (analyzeQuery: tokenize, stopwords, stemming), so that the
// ratio says how much the ranking costs whatever the machine's load.
//
//   npx tsc -b libs/curriculum && node bench/curriculum-search/latency.js [rounds=30] [set/half.json ...]
'use strict';
const { readFileSync } = require('node:fs');
const { resolve } = require('node:path');
const { SubjectSkills, analyzeQuery, inScope, readCurriculumFiles } = require('../../libs/curriculum/dist');

const args = process.argv.slice(2);
const rounds = Number(args.find((a) => /^\d+$/.test(a)) ?? 30);
const files = args.filter((a) => a.endsWith('.json'));
const sets = files.length ? files : ['eval-2026-11-etapas2/dev.json', 'eval-2026-11g/dev.json'];
const { records } = readCurriculumFiles(resolve(__dirname, '../../libs/curriculum/data'));
const pools = new Map();
const pool = ({ ano, materia, etapa = 'fundamental' }) => {
  const key = `${etapa}:${ano}:${materia}`;
  if (!pools.has(key)) pools.set(key, new SubjectSkills(records.filter((r) => inScope(r, materia, Number(ano), etapa))));
  return pools.get(key);
};
// Only the descriptions and their pools are read (no accepted codes, no scoring); by default the dev halves only.
const items = sets.flatMap((f) => JSON.parse(readFileSync(resolve(__dirname, f), 'utf8')).items);
for (const it of items) pool(it).search(it.q, 5); // indexes built, lazy data loaded
const time = (fn) => {
  const start = process.hrtime.bigint();
  fn();
  return Number(process.hrtime.bigint() - start) / 1e6;
};
const search = [];
const reference = [];
for (let round = 0; round < rounds + 3; round++) {
  for (const it of items) {
    const s = time(() => pool(it).search(it.q, 5));
    const r = time(() => analyzeQuery(it.q));
    if (round >= 3) {
      search.push(s);
      reference.push(r);
    }
  }
}
const pct = (list, p) => [...list].sort((a, b) => a - b)[Math.min(list.length - 1, Math.floor(list.length * p))];
const row = (name, list) => `${name.padEnd(28)} p50 ${pct(list, 0.5).toFixed(3)} ms  p95 ${pct(list, 0.95).toFixed(3)} ms  max ${pct(list, 1).toFixed(2)} ms`;
console.log(`${items.length} descriptions x ${rounds} rounds (${sets.join(', ')}); load ${require('node:os').loadavg()[0].toFixed(1)}`);
console.log(row('search (limit 5)', search));
console.log(row('reference: analyzeQuery', reference));
console.log(`ratio p95 search / reference: ${(pct(search, 0.95) / pct(reference, 0.95)).toFixed(1)}`);
