// Which descriptions share a content word with their skill: words of 4+ letters, accents folded, compared by
// their first 5 letters, school words left out. Used to stratify the split and to report the share.
const { readFileSync } = require('fs');
const { resolve } = require('node:path');
const STOP = new Set(('aula aulas aluno alunos turma sala sobre para pelos pelas pela pelo como com sem entre depois antes cada ' +
  'todos todas toda todo esta este isso essa esse umas dos das nas nos que qual quais quando onde mais menos muito bem parte ' +
  'forma tipo fazer usar atividade atividades trabalho professor professora prof').split(' '));
const words = (t) => t.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().split(/[^a-z0-9]+/).filter((w) => w.length >= 4 && !STOP.has(w));
const stems = (t) => new Set(words(t).map((w) => w.slice(0, 5)));
let byCode;
function skill(code) {
  // Every stage's file (the codes are unique across them), so sets of infantil, médio and Computação are measured too.
  if (!byCode) byCode = new Map(['bncc-ef.json', 'bncc-ei.json', 'bncc-em.json', 'bncc-computacao.json']
    .flatMap((f) => JSON.parse(readFileSync(resolve(__dirname, '../../../libs/curriculum/data', f), 'utf8'))).map((r) => [r.code, r]));
  return byCode.get(code);
}
/** true when the description shares no content word with the text of its first accepted skill. */
function sharesNone(item, withObjects = false) {
  const r = skill(item.accept[0]);
  const text = withObjects ? `${r.description} ${r.knowledgeObjects.join(' ')} ${r.unit}` : r.description;
  const s = stems(text);
  return ![...stems(item.q)].some((x) => s.has(x));
}
module.exports = { sharesNone };
if (require.main === module) {
  for (const f of process.argv.slice(2).length ? process.argv.slice(2) : ['dev.json', 'heldout.json']) {
    const items = JSON.parse(readFileSync(resolve(__dirname, f), 'utf8')).items;
    const none = items.filter((it) => sharesNone(it)).length;
    const none2 = items.filter((it) => sharesNone(it, true)).length;
    console.log(`${f}: ${items.length} items; share no content word with the skill's description: ${none} (${(100 * none / items.length).toFixed(0)}%); nor with its knowledge objects and unit: ${none2} (${(100 * none2 / items.length).toFixed(0)}%)`);
  }
}
