#!/usr/bin/env node
// Scores the skill search on one half of an evaluation set: top-1 / top-5 (an accepted code first / in the first
// five), p95 latency of one search, and the same for a plain word-overlap baseline (how many of the description's
// words, accents folded, appear in the skill's text, knowledge objects and unit). No database.
//
//   npx tsc -b libs/curriculum && node bench/curriculum-search/score.js eval-2026-11b/dev.json [--misses] [--json] [--blind]
//
// --blind (sets whose writer also wrote the classroom text of their items, eval-2026-11-etapas2): each item is searched
// in a pool whose accepted items' classroom words and example lessons lose the words of the item's description
// (blind.js). --blind=situations (eval-2026-12-medio, whose writer then wrote only everyday-situations.json): the same,
// but only the `situations` field loses the words; the other classroom text was written before the set and kept.
//
// A set of one stage (médio) is also scored per subject.
//
// Items with a `sharesNoWord` flag (eval-2026-11b) are also scored by stratum: descriptions that share a content word
// with their skill, and those that share none.
'use strict';
const { readFileSync } = require('node:fs');
const { resolve } = require('node:path');
const { SubjectSkills, inScope, readCurriculumFiles } = require('../../libs/curriculum/dist');
const { blindExtra } = require('./blind');

const file = process.argv[2];
if (!file) {
  console.error('uso: node bench/curriculum-search/score.js eval-2026-11b/dev.json [--misses] [--json]');
  process.exit(1);
}
// Every stage's records; an item names its stage in `etapa` (none: the Ensino Fundamental, as in the earlier sets).
const { records } = readCurriculumFiles(resolve(__dirname, '../../libs/curriculum/data'));
const { items } = JSON.parse(readFileSync(resolve(__dirname, file), 'utf8'));
const showMisses = process.argv.includes('--misses');
const blindArg = process.argv.find((a) => a === '--blind' || a.startsWith('--blind='));
const blind = Boolean(blindArg);
const blindFields = blindArg?.includes('=') ? blindArg.split('=')[1].split(',') : null;

const fold = (t) => t.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
const words = (t) => fold(t).split(/[^a-z0-9]+/).filter((w) => w.length >= 3);

const pools = new Map();
function pool(item) {
  const { ano, materia, etapa = 'fundamental' } = item;
  const key = blind ? item : `${etapa}:${ano}:${materia}`;
  if (!pools.has(key)) {
    const recs = records.filter((r) => inScope(r, materia, Number(ano), etapa));
    pools.set(key, { search: blind ? new SubjectSkills(recs, blindExtra(item, recs, blindFields)) : new SubjectSkills(recs), recs });
  }
  return pools.get(key);
}

function baseline(recs, q) {
  const qw = new Set(words(q));
  return recs
    .map((r) => {
      const text = new Set(words([r.description, ...(r.knowledgeObjects ?? []), r.unit ?? ''].join(' ')));
      let score = 0;
      for (const w of qw) if (text.has(w)) score++;
      return { code: r.code, score };
    })
    .sort((a, b) => b.score - a.score || a.code.localeCompare(b.code))
    .slice(0, 5)
    .map((r) => r.code);
}

const strata = { all: () => true, 'shares a word': (it) => it.sharesNoWord === false, 'shares none': (it) => it.sharesNoWord === true };
// A set that names stages (eval-2026-11-etapas) is also scored per stage.
if (items.some((it) => it.etapa)) for (const etapa of ['infantil', 'fundamental', 'medio']) strata[etapa] = (it) => it.etapa === etapa;
if (new Set(items.map((it) => it.etapa)).size === 1 && items[0].etapa === 'medio') {
  for (const materia of new Set(items.map((it) => it.materia))) strata[materia] = (it) => it.materia === materia;
}
const result = Object.fromEntries(Object.keys(strata).map((k) => [k, { n: 0, search: { top1: 0, top5: 0 }, baseline: { top1: 0, top5: 0 } }]));
const ms = [];
for (const item of items) pool(item); // indexes built before timing
for (let round = 0; round < 3; round++) for (const item of items) pool(item).search.search(item.q, 5); // warm-up
for (const item of items) {
  const p = pool(item);
  const start = process.hrtime.bigint();
  const codes = p.search.search(item.q, 5).map((r) => r.code);
  ms.push(Number(process.hrtime.bigint() - start) / 1e6);
  const rank = codes.findIndex((c) => item.accept.includes(c));
  const brank = baseline(p.recs, item.q).findIndex((c) => item.accept.includes(c));
  for (const [name, test] of Object.entries(strata)) {
    if (!test(item)) continue;
    const r = result[name];
    r.n++;
    if (rank === 0) r.search.top1++;
    if (rank >= 0) r.search.top5++;
    if (brank === 0) r.baseline.top1++;
    if (brank >= 0) r.baseline.top5++;
  }
  if (showMisses && rank !== 0) console.log(`${rank < 0 ? 'MISS' : `#${rank + 1} `} ${item.ano}º ${item.materia}: "${item.q}" -> ${codes.join(' ')} (aceita: ${item.accept.join(' ')})`);
}
ms.sort((a, b) => a - b);
const p95 = ms[Math.floor(ms.length * 0.95)];
const f = (x, n) => (n ? x / n : 0).toFixed(2);
if (process.argv.includes('--json')) {
  console.log(JSON.stringify({ file, blind, p95, result }));
} else {
  console.log(`${file}${blind ? ` (blind${blindFields ? `: ${blindFields.join(', ')}` : ''})` : ''}: ${items.length} descriptions, p95 of one search ${p95.toFixed(2)} ms`);
  for (const [name, r] of Object.entries(result)) {
    if (!r.n) continue;
    console.log(`${name.padEnd(14)} n=${String(r.n).padEnd(4)} search top-1 ${f(r.search.top1, r.n)} top-5 ${f(r.search.top5, r.n)}   baseline (word overlap) top-1 ${f(r.baseline.top1, r.n)} top-5 ${f(r.baseline.top5, r.n)}`);
  }
}
