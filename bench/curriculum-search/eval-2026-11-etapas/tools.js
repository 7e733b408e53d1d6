// Shared logic of the evaluation set for the new stages and Computação: the curriculum records of every stage, the
// pools (stage, year or grupo or série, subject), the seeded sampling, the item checks, the word-overlap flag and the
// stratified dev/held-out split. It loads only the record, file and subject helpers of libs/curriculum/dist, never
// the search code.
const { writeFileSync } = require('fs');
const { resolve } = require('node:path');
const { readCurriculumFiles } = require('../../../libs/curriculum/dist/curriculum-files');
const { inScope } = require('../../../libs/curriculum/dist/materia');
const { seeded } = require('../eval-tools');

let cached;
/** Every curriculum record of the shipped files (the four stages' files). */
function records() {
  cached ??= readCurriculumFiles(resolve(__dirname, '../../../libs/curriculum/data')).records;
  return cached;
}

/** The records of one pool, in code order. */
function pool(etapa, ano, materia) {
  return records().filter((r) => inScope(r, materia, Number(ano), etapa)).sort((a, b) => a.code.localeCompare(b.code));
}

/** `perPool` skills of each [etapa, ano, materia, perPool] pool, none sampled twice. */
function sampleSkills(seed, pools) {
  const rnd = seeded(seed);
  const taken = new Set();
  const sample = [];
  for (const [etapa, ano, materia, perPool, only] of pools) {
    const from = pool(etapa, ano, materia).filter((r) => !taken.has(r.code) && (!only || only.test(r.code)));
    const picked = [];
    while (picked.length < perPool && picked.length < from.length) {
      const r = from[Math.floor(rnd() * from.length)];
      if (!picked.includes(r)) picked.push(r);
    }
    for (const r of picked.sort((a, b) => a.code.localeCompare(b.code))) {
      taken.add(r.code);
      sample.push({ etapa, ano, materia, record: r });
    }
  }
  return sample;
}

/** Throws unless every item has 3 to 16 words and accepts existing codes of its pool, each once. */
function checkItems(items) {
  for (const it of items) {
    const n = it.q.trim().split(/\s+/).length;
    if (n < 3 || n > 16) throw new Error(`${n} words: ${it.q}`);
    if (new Set(it.accept).size !== it.accept.length) throw new Error(`repeated code in ${it.accept}`);
    const codes = new Set(pool(it.etapa, it.ano, it.materia).map((r) => r.code));
    for (const c of it.accept) if (!codes.has(c)) throw new Error(`${c} is not of ${it.etapa} ${it.ano} ${it.materia} (${it.q})`);
  }
}

const STOP = new Set(('aula aulas aluno alunos turma sala sobre para pelos pelas pela pelo como com sem entre depois antes cada ' +
  'todos todas toda todo esta este isso essa esse umas dos das nas nos que qual quais quando onde mais menos muito bem parte ' +
  'forma tipo fazer usar atividade atividades trabalho professor professora prof criancas crianca').split(' '));
const stems = (t) => new Set(t.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().split(/[^a-z0-9]+/).filter((w) => w.length >= 4 && !STOP.has(w)).map((w) => w.slice(0, 5)));

/** true when the description shares no content word with its first accepted skill's text, knowledge objects and unit. */
function sharesNone(item) {
  const r = records().find((x) => x.code === item.accept[0]);
  const s = stems(`${r.description} ${r.knowledgeObjects.join(' ')} ${r.unit}`);
  return ![...stems(item.q)].some((x) => s.has(x));
}

/** Halves stratified by (flag, stage and subject): each stratum shuffled and dealt alternately. */
function splitItems(items, seed) {
  const rnd = seeded(seed);
  const flagged = items.map((it) => ({ ...it, sharesNoWord: sharesNone(it) }));
  const strata = Map.groupBy(flagged, (it) => `${it.sharesNoWord ? 'none' : 'shares'}|${it.etapa}|${it.materia}`);
  const halves = [[], []];
  let offset = 0;
  for (const key of [...strata.keys()].sort()) {
    const group = strata.get(key);
    for (let last = group.length - 1; last > 0; last--) {
      const k = Math.floor(rnd() * (last + 1));
      [group[last], group[k]] = [group[k], group[last]];
    }
    group.forEach((it, i) => halves[(i + offset) % 2].push(it));
    offset ^= group.length % 2;
  }
  const order = new Map(flagged.map((it, i) => [it, i]));
  const [dev, heldout] = halves.map((half) => half.sort((a, b) => order.get(a) - order.get(b)));
  return { flagged, dev, heldout };
}

function writeHalves(dir, about, { flagged, dev, heldout }) {
  writeFileSync(resolve(dir, 'dev.json'), JSON.stringify({ about: `${about} This file: the development half. Measure and tune on it.`, items: dev }, null, 1) + '\n');
  writeFileSync(resolve(dir, 'heldout.json'), JSON.stringify({ about: `${about} This file: the held-out half. Score it only once, at the end, with the final search; never tune on it.`, items: heldout }, null, 1) + '\n');
  for (const [name, list] of [['all', flagged], ['dev', dev], ['heldout', heldout]]) {
    console.log(`${name}: ${list.length} items; share no content word with their skill: ${list.filter((i) => i.sharesNoWord).length}`);
  }
}

module.exports = { records, pool, sampleSkills, checkItems, splitItems, writeHalves };
