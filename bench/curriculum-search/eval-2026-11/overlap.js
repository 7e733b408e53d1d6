const { readFileSync } = require('fs');
const { fromBncc } = require('../../../libs/curriculum/dist');
const byCode = new Map(JSON.parse(readFileSync(require('node:path').resolve(__dirname, '../../../libs/curriculum/data/bncc-ef.json'),'utf8')).map(fromBncc).map(r => [r.code, r]));
const STOP = new Set('aula aulas alunos turma sobre para pelos pelas pela pelo como com sem entre depois antes cada todos todas esta este isso essa esse umas dos das nas nos que qual quais quando onde mais menos muito bem parte forma tipo fazer usar'.split(' '));
const stems = (t, k) => new Set(t.normalize('NFD').replace(/\p{M}/gu,'').toLowerCase().split(/[^a-z0-9]+/).filter(w => w.length >= 4 && !STOP.has(w)).map(w => w.slice(0, k)));
for (const k of [4,5,6]) { let none = 0, n = 0; const list=[];
for (const f of ['dev','heldout']) for (const it of JSON.parse(readFileSync(require('node:path').resolve(__dirname, `${f}.json`),'utf8')).items) {
  n++; const q = stems(it.q,k); const s = stems(byCode.get(it.accept[0]).description,k);
  if (![...q].some(x => s.has(x))) none++; }
console.log(`stem ${k}: ${none} of ${n} (${(100*none/n).toFixed(0)}%) share no content word`); }
