#!/usr/bin/env node
// Checks scenarios.json, dev.json and heldout.json against the BNCC data file:
// shape, and that every expected code exists for that year and subject.
// Usage: node bench/lesson-quality/validate.js [file ...]
'use strict';
const fs = require('fs');
const path = require('path');

const HERE = __dirname;
const BNCC = require(path.join(HERE, '../../libs/curriculum/data/bncc-ef.json'));
const SUBJECTS = ['matematica', 'portugues', 'ciencias', 'historia', 'geografia', 'artes',
  'educacao-fisica', 'ingles', 'musica', 'ensino-religioso'];
// Code letters per subject; musica lives in Arte, unit "Música".
const LETTERS = { matematica: 'MA', portugues: 'LP', ciencias: 'CI', historia: 'HI', geografia: 'GE',
  artes: 'AR', 'educacao-fisica': 'EF', ingles: 'LI', musica: 'AR', 'ensino-religioso': 'ER' };
const byCode = new Map(BNCC.map((r) => [r.code, r]));

function check(file) {
  const errors = [];
  const data = JSON.parse(fs.readFileSync(file, 'utf8'));
  const err = (m) => errors.push(m);
  if (typeof data.written !== 'string' || isNaN(Date.parse(data.written))) err('written is not an ISO date');
  if (typeof data.note !== 'string') err('note missing');
  if (!Array.isArray(data.scenarios)) { err('scenarios is not an array'); return errors; }
  const ids = new Set();
  for (const s of data.scenarios) {
    const w = (m) => err(`${s.id}: ${m}`);
    if (!/^s\d{2,}$/.test(s.id) || ids.has(s.id)) w('bad or repeated id');
    ids.add(s.id);
    const ano = Number(s.ano);
    if (typeof s.ano !== 'string' || !(ano >= 1 && ano <= 9) || String(ano) !== s.ano) w(`bad ano ${s.ano}`);
    if (!SUBJECTS.includes(s.materia)) w(`bad materia ${s.materia}`);
    if (s.materia === 'ingles' && ano < 6) w('ingles only in years 6-9');
    if (![1, 2, 3, 4, 5].includes(s.nivelDetalhamento)) w('nivelDetalhamento not 1-5');
    if (typeof s.limitOneSkill !== 'boolean') w('limitOneSkill not boolean');
    if (s.observacoes !== undefined && (typeof s.observacoes !== 'string' || !s.observacoes.trim())) w('empty observacoes');
    if (!Array.isArray(s.aulas) || s.aulas.length < 3 || s.aulas.length > 8) w('needs 3 to 8 aulas');
    for (const [i, a] of (s.aulas || []).entries()) {
      if (typeof a.prompt !== 'string' || a.prompt.trim().length < 5) w(`aula ${i + 1}: bad prompt`);
      if (a.esperadas === undefined) continue;
      if (!Array.isArray(a.esperadas) || a.esperadas.length < 1 || a.esperadas.length > 4) w(`aula ${i + 1}: esperadas needs 1 to 4 codes`);
      if (new Set(a.esperadas).size !== a.esperadas.length) w(`aula ${i + 1}: repeated code`);
      for (const code of a.esperadas || []) {
        const r = byCode.get(code);
        if (!/^EF\d{2}[A-Z]{2}\d{2}$/.test(code) || !r) { w(`aula ${i + 1}: ${code} not in bncc-ef.json`); continue; }
        if (code.slice(4, 6) !== LETTERS[s.materia]) w(`aula ${i + 1}: ${code} is not ${s.materia}`);
        const comp = s.materia === 'musica' ? 'artes' : s.materia;
        if (r.component !== comp) w(`aula ${i + 1}: ${code} component ${r.component}, not ${comp}`);
        if (s.materia === 'musica' && r.unit !== 'Música') w(`aula ${i + 1}: ${code} is not in the Música unit`);
        if (!r.years.includes(ano)) w(`aula ${i + 1}: ${code} is for years ${r.years.join(',')}, not ${ano}`);
      }
    }
  }
  return errors;
}

const files = process.argv.slice(2);
if (!files.length) files.push(...['scenarios.json', 'dev.json', 'heldout.json'].map((f) => path.join(HERE, f)).filter((f) => fs.existsSync(f)));
let bad = 0;
for (const f of files) {
  const e = check(f);
  bad += e.length;
  console.log(`${path.basename(f)}: ${e.length ? e.length + ' problem(s)' : 'ok'}`);
  for (const m of e) console.log('  ' + m);
}
process.exit(bad ? 1 : 0);
