#!/usr/bin/env node
// Scores the personal-data redactor (libs/contracts/src/privacy/redactor.ts) on a half of the blind cases:
//   npx tsc -b libs/contracts && node bench/redaction/score.js [dev|heldout] [--lote 1|2] [--misses]
// Lesson descriptions are redacted as a lesson's text ({ kind: 'lesson' }), notes and wishes as notes.
// A span counts as removed when every letter and digit of it lies inside what the redactor replaced (taking a
// label such as "CPF" or "nasc." with it is fine). A negative (no personal data) or a `manter` string counts as
// changed when anything in it was replaced. Goals (issue 28, on the held-out half): 100% of CPFs, e-mails,
// phones, birth dates and CID codes and at least 95% of names removed; at most 5% of negatives changed. Issue 34
// (batch 2's held-out half): >= 95% of all personal spans removed, >= 98% of the lesson descriptions naming public
// figures (descricao, no personal data, a `manter` list) left unchanged.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { findPersonalData } = require('../../libs/contracts/dist/privacy/redactor.js');

const half = process.argv[2] ?? 'dev';
const showMisses = process.argv.includes('--misses');
const loteArg = process.argv.indexOf('--lote');
const lote = loteArg > 0 ? Number(process.argv[loteArg + 1]) : undefined;
const data = JSON.parse(fs.readFileSync(path.join(__dirname, `${half}.json`), 'utf8'));
if (lote !== undefined) data.cases = data.cases.filter((c) => (c.lote ?? 1) === lote);

const covered = (found, start, end, text) => {
  for (let i = start; i < end; i++) {
    if (!/[\p{L}\p{N}]/u.test(text[i])) continue;
    if (!found.some((s) => i >= s.start && i < s.end)) return false;
  }
  return true;
};
const touched = (found, start, end) => found.some((s) => start < s.end && end > s.start);

const kinds = {};
let negatives = 0;
let negativesChanged = 0;
let keeps = 0;
let keepsBroken = 0;
let figures = 0;
let figuresUnchanged = 0;
const misses = [];
for (const c of data.cases) {
  const found = findPersonalData(c.texto, { kind: c.campo === 'descricao' ? 'lesson' : 'notes' });
  if (c.pessoais.length === 0) {
    negatives++;
    if (c.campo === 'descricao' && (c.manter ?? []).length > 0) {
      figures++;
      if (found.length === 0) figuresUnchanged++;
    }
    if (found.length > 0) {
      negativesChanged++;
      misses.push(`changed  ${c.id}: ${c.texto}  <- ${found.map((f) => `${f.tipo}:"${f.trecho}"`).join(', ')}`);
    }
  }
  for (const p of c.pessoais) {
    const k = (kinds[p.tipo] ??= { total: 0, removed: 0 });
    k.total++;
    if (covered(found, p.inicio, p.inicio + p.trecho.length, c.texto)) k.removed++;
    else misses.push(`missed   ${c.id} ${p.tipo} "${p.trecho}": ${c.texto}`);
  }
  for (const keep of c.manter ?? []) {
    keeps++;
    const at = c.texto.indexOf(keep);
    if (touched(found, at, at + keep.length)) {
      keepsBroken++;
      misses.push(`removed  ${c.id} manter "${keep}": ${c.texto}`);
    }
  }
}
const pct = (a, b) => (b === 0 ? '-' : `${((100 * a) / b).toFixed(1)}%`);
console.log(`redaction, ${half} half${lote === undefined ? '' : `, batch ${lote}`}: ${data.cases.length} cases`);
const spans = Object.values(kinds).reduce((a, k) => ({ total: a.total + k.total, removed: a.removed + k.removed }), { total: 0, removed: 0 });
console.log(`  all personal spans removed ${spans.removed}/${spans.total} (${pct(spans.removed, spans.total)})`);
console.log(`  descriptions naming public figures unchanged ${figuresUnchanged}/${figures} (${pct(figuresUnchanged, figures)})`);
for (const [tipo, k] of Object.entries(kinds).sort()) console.log(`  ${tipo.padEnd(11)} removed ${k.removed}/${k.total} (${pct(k.removed, k.total)})`);
console.log(`  negatives changed ${negativesChanged}/${negatives} (${pct(negativesChanged, negatives)})`);
console.log(`  manter strings removed ${keepsBroken}/${keeps} (${pct(keepsBroken, keeps)})`);
if (showMisses) for (const m of misses) console.log(m);
