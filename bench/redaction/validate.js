'use strict';
// Checks the shape of cases.json (and dev.json / heldout.json when present):
// ids, campo, tipo, every trecho an exact substring of texto at `inicio`,
// no overlapping spans, every manter an exact substring that no span touches.
// Usage: node bench/redaction/validate.js
const fs = require('fs');
const path = require('path');

const CAMPOS = new Set(['observacoes', 'descricao', 'pedido']);
const TIPOS = new Set(['nome', 'cpf', 'rg', 'nascimento', 'telefone', 'email', 'endereco', 'cid', 'laudo']);
const errors = [];
const fail = (id, msg) => errors.push(`${id}: ${msg}`);

function check(file) {
  const doc = JSON.parse(fs.readFileSync(path.join(__dirname, file), 'utf8'));
  if (typeof doc.written !== 'string' || Number.isNaN(Date.parse(doc.written))) fail(file, 'written is not an ISO date');
  if (typeof doc.note !== 'string' || !/blind/.test(doc.note)) fail(file, 'note must say written blind');
  if (!Array.isArray(doc.cases)) { fail(file, 'cases missing'); return []; }
  const ids = new Set();
  for (const c of doc.cases) {
    const id = `${file} ${c.id}`;
    if (!/^r\d{3}$/.test(c.id)) fail(id, 'bad id');
    if (ids.has(c.id)) fail(id, 'duplicate id');
    ids.add(c.id);
    if (!CAMPOS.has(c.campo)) fail(id, `bad campo ${c.campo}`);
    if (typeof c.texto !== 'string' || c.texto.trim() === '') fail(id, 'empty texto');
    if (!Array.isArray(c.pessoais)) { fail(id, 'pessoais missing'); continue; }
    const ranges = [];
    for (const p of c.pessoais) {
      if (!TIPOS.has(p.tipo)) fail(id, `bad tipo ${p.tipo}`);
      if (typeof p.trecho !== 'string' || p.trecho === '') { fail(id, 'empty trecho'); continue; }
      if (!c.texto.includes(p.trecho)) fail(id, `trecho not in texto: ${p.trecho}`);
      if (c.texto.slice(p.inicio, p.inicio + p.trecho.length) !== p.trecho) fail(id, `inicio ${p.inicio} does not point at ${p.trecho}`);
      if (p.trecho !== p.trecho.trim()) fail(id, `trecho has outer spaces: "${p.trecho}"`);
      ranges.push([p.inicio, p.inicio + p.trecho.length, p.trecho]);
    }
    ranges.sort((a, b) => a[0] - b[0]);
    for (let i = 1; i < ranges.length; i++) {
      if (ranges[i][0] < ranges[i - 1][1]) fail(id, `overlap ${ranges[i - 1][2]} / ${ranges[i][2]}`);
    }
    for (const m of c.manter || []) {
      const at = c.texto.indexOf(m);
      if (at < 0) { fail(id, `manter not in texto: ${m}`); continue; }
      for (let k = at; k >= 0; k = c.texto.indexOf(m, k + 1)) {
        if (ranges.some(([s, e]) => s < k + m.length && k < e)) fail(id, `manter ${m} overlaps a personal span`);
      }
    }
  }
  return doc.cases;
}

const all = check('cases.json');
const have = (f) => fs.existsSync(path.join(__dirname, f));
if (have('dev.json') && have('heldout.json')) {
  const dev = check('dev.json');
  const held = check('heldout.json');
  const key = (c) => JSON.stringify(c);
  const byId = new Map(all.map((c) => [c.id, key(c)]));
  const seen = new Set();
  for (const c of [...dev, ...held]) {
    if (seen.has(c.id)) fail(c.id, 'in both halves');
    seen.add(c.id);
    if (byId.get(c.id) !== key(c)) fail(c.id, 'differs from cases.json');
  }
  if (seen.size !== all.length) fail('split', `halves hold ${seen.size} cases, cases.json ${all.length}`);
}

const kinds = {};
let neg = 0;
for (const c of all) {
  if (c.pessoais.length === 0) neg++;
  for (const p of c.pessoais) kinds[p.tipo] = (kinds[p.tipo] || 0) + 1;
}
console.log(`${all.length} cases, ${neg} negatives, ${all.length - neg} with personal data`);
console.log('spans per kind:', JSON.stringify(kinds));
if (errors.length) {
  console.error(errors.join('\n'));
  process.exit(1);
}
console.log('ok');
