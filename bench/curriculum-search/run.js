#!/usr/bin/env node
// Curriculum search evaluation: for each informal lesson description in eval-set.json, does a skill that a
// teacher would accept come first (top-1) or among the first five (top-5)? Uses the compiled library and the
// curriculum file directly, so it needs no database. Build first: npx tsc -b libs/curriculum
'use strict';
const { readFileSync, existsSync } = require('node:fs');
const { resolve } = require('node:path');
const { SubjectSkills, fromBncc, inScope } = require('../../libs/curriculum/dist');

const root = resolve(__dirname, '../..');
const dir = process.env.CURRICULUM_DIR ? resolve(root, process.env.CURRICULUM_DIR) : resolve(root, 'libs/curriculum/data');
const file = resolve(dir, 'bncc-ef.json');
if (!existsSync(file)) {
  console.error(`Arquivo não encontrado: ${file} (defina CURRICULUM_DIR)`);
  process.exit(1);
}
const records = JSON.parse(readFileSync(file, 'utf8')).map(fromBncc);
const { items } = JSON.parse(readFileSync(resolve(__dirname, 'eval-set.json'), 'utf8'));
const verbose = process.argv.includes('--verbose');

const subjects = new Map();
function subject(ano, materia) {
  const key = `${ano}:${materia}`;
  if (!subjects.has(key)) subjects.set(key, new SubjectSkills(records.filter((r) => inScope(r, materia, Number(ano)))));
  return subjects.get(key);
}

const totals = {};
let searchMs = 0;
const buildStart = process.hrtime.bigint();
for (const item of items) subject(item.ano, item.materia);
const buildMs = Number(process.hrtime.bigint() - buildStart) / 1e6;
for (const item of items) {
  const start = process.hrtime.bigint();
  const results = subject(item.ano, item.materia).search(item.q, 5);
  searchMs += Number(process.hrtime.bigint() - start) / 1e6;
  const codes = results.map((r) => r.code);
  const rank = codes.findIndex((c) => item.accept.includes(c));
  for (const split of [item.split, 'all']) {
    const t = (totals[split] ??= { n: 0, top1: 0, top5: 0 });
    t.n++;
    if (rank === 0) t.top1++;
    if (rank >= 0) t.top5++;
  }
  if (verbose || rank < 0) {
    const mark = rank === 0 ? 'ok  ' : rank > 0 ? `#${rank + 1}  ` : 'MISS';
    console.log(`${mark} [${item.split}] ${item.ano}º ${item.materia}: "${item.q}" -> ${codes.join(' ')} (aceitas: ${item.accept.join(' ')})`);
  }
}
console.log('');
console.log('split      n   top-1   top-5');
for (const split of ['tune', 'holdout', 'fresh', 'all']) {
  const t = totals[split];
  if (!t) continue;
  console.log(`${split.padEnd(8)} ${String(t.n).padStart(3)}   ${(t.top1 / t.n).toFixed(2)}    ${(t.top5 / t.n).toFixed(2)}`);
}
console.log('');
console.log(`${subjects.size} indexes built in ${buildMs.toFixed(1)} ms; ${items.length} searches, ${(searchMs / items.length).toFixed(2)} ms each on average`);
