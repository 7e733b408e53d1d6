#!/usr/bin/env node
// Checks the scenario files against the curriculum data: shape, and that every expected code exists for that stage,
// year and subject. scenarios.json, dev.json and heldout.json (Ensino Fundamental, one subject a plan) are checked
// against bncc-ef.json alone; whole-bncc*.json (issue 27: every stage, a subject per lesson) against the compiled
// stage definition and curriculum scope (build first: npm run build:server).
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

/** What every scenario file shares: its header, ids, detail level, limitOneSkill, 3 to 8 lessons with a prompt. */
function checkCommon(data, err, idPattern) {
  if (typeof data.written !== 'string' || isNaN(Date.parse(data.written))) err('written is not an ISO date');
  if (typeof data.note !== 'string') err('note missing');
  if (!Array.isArray(data.scenarios)) { err('scenarios is not an array'); return false; }
  const ids = new Set();
  for (const s of data.scenarios) {
    const w = (m) => err(`${s.id}: ${m}`);
    if (!idPattern.test(s.id) || ids.has(s.id)) w('bad or repeated id');
    ids.add(s.id);
    if (![1, 2, 3, 4, 5].includes(s.nivelDetalhamento)) w('nivelDetalhamento not 1-5');
    if (typeof s.limitOneSkill !== 'boolean') w('limitOneSkill not boolean');
    if (s.observacoes !== undefined && (typeof s.observacoes !== 'string' || !s.observacoes.trim())) w('empty observacoes');
    if (!Array.isArray(s.aulas) || s.aulas.length < 3 || s.aulas.length > 8) w('needs 3 to 8 aulas');
    for (const [i, a] of (s.aulas || []).entries()) {
      if (typeof a.prompt !== 'string' || a.prompt.trim().length < 5) w(`aula ${i + 1}: bad prompt`);
      if (a.esperadas === undefined) continue;
      if (!Array.isArray(a.esperadas) || a.esperadas.length < 1 || a.esperadas.length > 4) w(`aula ${i + 1}: esperadas needs 1 to 4 codes`);
      if (new Set(a.esperadas).size !== a.esperadas.length) w(`aula ${i + 1}: repeated code`);
    }
  }
  return true;
}

/** Ensino Fundamental, one subject a plan (issue 23's set). */
function checkFundamental(data, err) {
  if (!checkCommon(data, err, /^s\d{2,}$/)) return;
  for (const s of data.scenarios) {
    const w = (m) => err(`${s.id}: ${m}`);
    const ano = Number(s.ano);
    if (typeof s.ano !== 'string' || !(ano >= 1 && ano <= 9) || String(ano) !== s.ano) w(`bad ano ${s.ano}`);
    if (!SUBJECTS.includes(s.materia)) w(`bad materia ${s.materia}`);
    if (s.materia === 'ingles' && ano < 6) w('ingles only in years 6-9');
    for (const [i, a] of (s.aulas || []).entries()) {
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
}

/**
 * Every stage, each lesson with its own subject (issue 27's set): the stage, its year (grupo, série) and each
 * lesson's subject as the stage definition names them, and every expected code in that lesson's scope (the pool the
 * worker ranks: stage, year where the stage ties skills to years, subject).
 */
function checkWholeBncc(data, err) {
  const { isEtapa, isAnoOf, isMateriaOf } = require('../../libs/contracts/dist');
  const { curriculumDir, inScope, readCurriculumFiles } = require('../../libs/curriculum/dist');
  const { records } = readCurriculumFiles(curriculumDir({}, path.resolve(HERE, '../..')));
  const recordOf = new Map(records.map((r) => [r.code, r]));
  if (!checkCommon(data, err, /^[mie]\d{2,}$/)) return;
  for (const s of data.scenarios) {
    const w = (m) => err(`${s.id}: ${m}`);
    if (!isEtapa(s.etapa)) { w(`bad etapa ${s.etapa}`); continue; }
    if (typeof s.ano !== 'string' || !isAnoOf(s.etapa, s.ano)) w(`bad ano ${s.ano} for ${s.etapa}`);
    if (!isMateriaOf(s.etapa, s.materia)) w(`bad materia ${s.materia} for ${s.etapa}`);
    for (const [i, a] of (s.aulas || []).entries()) {
      if (!isMateriaOf(s.etapa, a.materia)) { w(`aula ${i + 1}: bad materia ${a.materia} for ${s.etapa}`); continue; }
      for (const code of a.esperadas || []) {
        const r = recordOf.get(code);
        if (!r) w(`aula ${i + 1}: ${code} is in no curriculum file`);
        else if (!inScope(r, a.materia, Number(s.ano), s.etapa)) w(`aula ${i + 1}: ${code} is not ${a.materia} of ${s.etapa} ${s.ano}`);
      }
    }
  }
}

function check(file) {
  const errors = [];
  const data = JSON.parse(fs.readFileSync(file, 'utf8'));
  (path.basename(file).startsWith('whole-bncc') ? checkWholeBncc : checkFundamental)(data, (m) => errors.push(m));
  return errors;
}

const files = process.argv.slice(2);
const DEFAULT_FILES = ['scenarios.json', 'dev.json', 'heldout.json', 'whole-bncc.json', 'whole-bncc-dev.json', 'whole-bncc-heldout.json'];
if (!files.length) files.push(...DEFAULT_FILES.map((f) => path.join(HERE, f)).filter((f) => fs.existsSync(f)));
let bad = 0;
for (const f of files) {
  const e = check(f);
  bad += e.length;
  console.log(`${path.basename(f)}: ${e.length ? e.length + ' problem(s)' : 'ok'}`);
  for (const m of e) console.log('  ' + m);
}
process.exit(bad ? 1 : 0);
