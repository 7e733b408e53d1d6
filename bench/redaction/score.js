#!/usr/bin/env node
// Scores the personal-data redactor (libs/contracts/src/privacy/redactor.ts) on a half of the blind cases:
//   npx tsc -b libs/contracts && node bench/redaction/score.js [dev|heldout] [--misses]
// A span counts as removed when every letter and digit of it lies inside what the redactor replaced (taking a
// label such as "CPF" or "nasc." with it is fine). A negative (no personal data) or a `manter` string counts as
// changed when anything in it was replaced. Goals (issue 28, on the held-out half): 100% of CPFs, e-mails,
// phones, birth dates and CID codes and at least 95% of names removed; at most 5% of negatives changed.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { findPersonalData } = require('../../libs/contracts/dist/privacy/redactor.js');

const half = process.argv[2] ?? 'dev';
const showMisses = process.argv.includes('--misses');
const data = JSON.parse(fs.readFileSync(path.join(__dirname, `${half}.json`), 'utf8'));

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
const misses = [];
for (const c of data.cases) {
  const found = findPersonalData(c.texto);
  if (c.pessoais.length === 0) {
    negatives++;
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
console.log(`redaction, ${half} half: ${data.cases.length} cases`);
for (const [tipo, k] of Object.entries(kinds).sort()) console.log(`  ${tipo.padEnd(11)} removed ${k.removed}/${k.total} (${pct(k.removed, k.total)})`);
console.log(`  negatives changed ${negativesChanged}/${negatives} (${pct(negativesChanged, negatives)})`);
console.log(`  manter strings removed ${keepsBroken}/${keeps} (${pct(keepsBroken, keeps)})`);
if (showMisses) for (const m of misses) console.log(m);
