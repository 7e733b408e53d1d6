const { readFileSync } = require('fs');
const L = require('../../../libs/curriculum/dist');
const records = JSON.parse(readFileSync(require('node:path').resolve(__dirname, '../../../libs/curriculum/data/bncc-ef.json'),'utf8')).map(L.fromBncc);
const byCode = new Map(records.map(r => [r.code, r]));
const STOP = new Set('aula aulas alunos turma sobre para pelos pelas pela pelo como com sem entre depois antes cada todos todas esta este isso essa esse umas dos das nas nos que qual quais quando onde mais menos muito bem parte forma tipo fazer usar'.split(' '));
const stems = (t) => new Set(t.normalize('NFD').replace(/\p{M}/gu,'').toLowerCase().split(/[^a-z0-9]+/).filter(w => w.length >= 4 && !STOP.has(w)).map(w => w.slice(0, 5)));
for (const f of ['dev','heldout']) {
  const acc = { overlap: [0,0,0], none: [0,0,0] };
  for (const it of JSON.parse(readFileSync(require('node:path').resolve(__dirname, `${f}.json`),'utf8')).items) {
    const q=stems(it.q), s=stems(byCode.get(it.accept[0]).description); const k = [...q].some(x=>s.has(x)) ? 'overlap' : 'none';
    const ss = new L.SubjectSkills(records.filter(r => L.inScope(r, it.materia, Number(it.ano))));
    const codes = ss.search(it.q, 5).map(r=>r.code); const r = codes.findIndex(c=>it.accept.includes(c));
    acc[k][0]++; if (r===0) acc[k][1]++; if (r>=0) acc[k][2]++;
  }
  for (const k of ['overlap','none']) { const [n,a,b]=acc[k]; console.log(f, k, n, (a/n).toFixed(2), (b/n).toFixed(2)); }
}
