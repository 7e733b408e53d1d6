#!/usr/bin/env node
// How the redactor's time grows with a text's length: the same kinds of text at 2,000 and 20,000 characters (the
// longest a lesson field may be), timed in the same run, and the ratio of the two (10 is linear; the quadratic
// redactor of issue 28 took 0.56 s on a 20,000-character field).
//   npx tsc -b libs/contracts && node bench/redaction/timing.js [batches=7]
'use strict';
const os = require('node:os');
const fs = require('node:fs');
const path = require('node:path');
const { redactPersonalData, redactionWork } = require('../../libs/contracts/dist/privacy/redactor.js');

const runs = Number(process.argv[2] ?? 7);
const dev = JSON.parse(fs.readFileSync(path.join(__dirname, 'dev.json'), 'utf8')).cases.map((c) => c.texto);

/** `unit` repeated (or cut) to `length` characters. */
const fill = (unit, length) => unit.repeat(Math.ceil(length / unit.length)).slice(0, length);

// Ordinary text (the dev half's notes and descriptions one after another) and the shapes a regular expression
// or a nested loop would stumble on.
const KINDS = {
  'notes (dev half)': (n) => fill(dev.join('. ') + '. ', n),
  'one long word': (n) => fill('a', n),
  'capitalised words': (n) => fill('Rua Santa Escola Ana Maria ', n),
  'names and health': (n) => fill('Alice tem TEA e precisa de rotina. Maria-Eduarda tem TDAH. ', n),
  'digits and separators': (n) => fill('123 456 789 ', n),
  'label then spaces': (n) => 'CPF' + fill(' ', n - 3),
  'e-mail letters without @': (n) => fill('nome.sobrenome_', n),
  'one line per character': (n) => fill('a\n', n),
};

function median(xs) {
  const s = xs.slice().sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

/**
 * Milliseconds per call: each batch redacts the same amount of text (400,000 characters: 200 calls at 2,000, 20 at
 * 20,000), so both sizes allocate alike and meet the garbage collector alike; the median of `runs` batches.
 */
function time(text) {
  const calls = Math.max(1, Math.round(400000 / text.length));
  redactPersonalData(text); // warm
  const ms = [];
  for (let i = 0; i < runs; i++) {
    const t0 = process.hrtime.bigint();
    for (let c = 0; c < calls; c++) redactPersonalData(text);
    ms.push(Number(process.hrtime.bigint() - t0) / 1e6 / calls);
  }
  return median(ms);
}

console.log(`redactor timing, ms per call, median of ${runs} batches of 400,000 characters, Node ${process.version}, load ${os.loadavg()[0].toFixed(1)}`);
console.log('| text | 2,000 chars ms | 20,000 chars ms | time ratio | work ratio |');
console.log('|---|--:|--:|--:|--:|');
let worst = 0;
for (const [name, make] of Object.entries(KINDS)) {
  const small = time(make(2000));
  const large = time(make(20000));
  worst = Math.max(worst, large / small);
  const work = redactionWork(make(20000)) / redactionWork(make(2000));
  console.log(`| ${name} | ${small.toFixed(2)} | ${large.toFixed(2)} | ${(large / small).toFixed(1)} | ${work.toFixed(1)} |`);
}
console.log(`worst time ratio ${worst.toFixed(1)} (10 is linear; the work ratio counts the redactor's steps, as redactor.spec.ts does)`);
