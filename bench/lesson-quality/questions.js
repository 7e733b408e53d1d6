#!/usr/bin/env node
// Issue 37: how good the questions that check learning are, rated blind against a written rubric (QUESTION-RUBRIC.md).
//
//   npm run build:server
//   node bench/lesson-quality/questions.js sample [seed=37]   picks the items: bank questions (dev 60 / held-out 60,
//                                                             stratified by reading band) and the offline drafter's
//                                                             verificações of the lesson-quality scenarios (dev 30 /
//                                                             held-out 30); writes questions-dev.json, -heldout.json
//   node bench/lesson-quality/questions.js sheet heldout       the blind sheet for a reader (questions-heldout-sheet.md):
//                                                             items shuffled, numbered, no word on where each came from
//   node bench/lesson-quality/questions.js score heldout FILE  scores the reader's ratings (JSON: [{ item, ligada,
//                                                             respondivel, gabarito, idade, bloom }]) by source
//
// A held-out half is rated once, at the end, by a reader who wrote none of the items (a helper session given only the
// rubric and the sheet), and reported in bench/README.md even when worse.
'use strict';
const { readFileSync, writeFileSync } = require('node:fs');
const { resolve } = require('node:path');

const HERE = __dirname;
const ROOT = resolve(HERE, '../..');
const out = (name) => resolve(HERE, name);

function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const shuffle = (list, random) => {
  const a = [...list];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a;
};

function skills() {
  const { curriculumSkills } = require(resolve(ROOT, 'libs/curriculum/dist/question-bank/cli.js'));
  return new Map(curriculumSkills().map((s) => [s.code, s]));
}

const bandOf = (skill) => {
  const { readingBand } = require(resolve(ROOT, 'libs/curriculum/dist/question-bank/bank-rules.js'));
  return readingBand(skill);
};

/** Bank items, one per skill at most, stratified by band: n for dev and n for held-out. */
function sampleBank(random, n) {
  const { readBankFiles } = require(resolve(ROOT, 'libs/curriculum/dist/question-bank/question-bank.js'));
  const bySkill = skills();
  const bank = readBankFiles();
  const byBand = new Map();
  for (const [code, items] of bank.items) {
    const skill = bySkill.get(code);
    if (!skill) continue;
    const band = bandOf(skill);
    const item = items[Math.floor(random() * items.length)];
    byBand.set(band, [...(byBand.get(band) ?? []), { source: 'banco', code, band, etapa: skill.etapa, years: skill.years, skill: skill.description, item }]);
  }
  const bands = [...byBand.keys()].sort();
  const total = [...byBand.values()].reduce((sum, list) => sum + list.length, 0);
  const dev = [];
  const heldout = [];
  const rest = [];
  for (const band of bands) {
    const list = shuffle(byBand.get(band), random);
    const share = Math.max(1, Math.floor((list.length / total) * n));
    dev.push(...list.slice(0, share));
    heldout.push(...list.slice(share, 2 * share));
    rest.push(...list.slice(2 * share));
  }
  // Rounding leaves a few places: filled from the other skills, alternately.
  for (const entry of shuffle(rest, random)) {
    if (dev.length < n && dev.length <= heldout.length) dev.push(entry);
    else if (heldout.length < n) heldout.push(entry);
  }
  return { dev: dev.slice(0, n), heldout: heldout.slice(0, n) };
}

/** The offline drafter's verificações of lessons from the lesson-quality scenario halves (their own dev/held-out split). */
async function sampleGenerated(random, half, n) {
  const { ai, curriculum, scenariosOf } = require('./curriculum');
  const scenarios = [...scenariosOf(half), ...scenariosOf(half, 'whole-bncc')];
  const lessons = [];
  for (const scenario of scenarios) {
    const plan = await ai.draftScenario(scenario, new ai.OfflineLessonDrafter(), curriculum);
    for (const aula of plan.aulas) lessons.push({ scenario, plan, aula });
  }
  return shuffle(lessons, random)
    .slice(0, n)
    .map(({ scenario, plan, aula }) => ({
      source: 'gerada',
      scenario: scenario.id,
      etapa: plan.etapa ?? 'fundamental',
      ano: plan.ano,
      materia: aula.materia,
      aula: aula.prompt,
      objetivos: aula.draft.objetivos,
      skills: aula.cited.map((s) => `${s.code} ${s.description}`),
      questoes: aula.draft.verificacao?.questoes ?? [],
    }));
}

async function sample(seed) {
  const random = mulberry32(seed);
  const bank = sampleBank(random, 60);
  for (const half of ['dev', 'heldout']) {
    const items = [...bank[half], ...(await sampleGenerated(random, half, 30))];
    writeFileSync(out(`questions-${half}.json`), `${JSON.stringify({ seed, items }, null, 1)}\n`);
    console.log(`${half}: ${items.filter((i) => i.source === 'banco').length} bank questions, ${items.filter((i) => i.source === 'gerada').length} verificações`);
  }
}

const LETRAS = ['A', 'B', 'C', 'D'];
function questionText(q) {
  if (q.tipo === 'multipla') return [q.enunciado, ...q.alternativas.map((a, i) => `   ${LETRAS[i]}) ${a}`), `   Gabarito: ${LETRAS[q.correta]}`].join('\n');
  return [q.enunciado, `   Resposta esperada: ${q.respostaEsperada}`].join('\n');
}

function sheet(half) {
  const { items } = JSON.parse(readFileSync(out(`questions-${half}.json`), 'utf8'));
  const random = mulberry32(1000 + items.length);
  const order = shuffle(items.map((_, i) => i), random);
  const lines = [`# Itens para avaliar (${half})`, '', 'Avalie cada item pela rubrica (QUESTION-RUBRIC.md). Os itens estão em ordem aleatória.', ''];
  const key = [];
  order.forEach((index, n) => {
    const it = items[index];
    const id = `Q${String(n + 1).padStart(3, '0')}`;
    key.push({ id, index });
    lines.push(`## ${id}`);
    if (it.source === 'banco') {
      const ano = it.etapa === 'infantil' ? `Educação Infantil (grupo ${it.years.join(', ')})` : it.etapa === 'medio' ? 'Ensino Médio' : `${it.years.join('º, ')}º ano`;
      lines.push(`- Etapa/ano: ${ano}`, `- Habilidade: ${it.code} ${it.skill}`, `- Aula: uma aula sobre essa habilidade`, '', questionText(it.item), '');
    } else {
      lines.push(`- Etapa/ano: ${it.etapa === 'infantil' ? 'Educação Infantil' : it.etapa === 'medio' ? 'Ensino Médio' : `${it.ano}º ano`} (${it.materia})`);
      lines.push(`- Habilidade(s): ${it.skills.join(' | ') || '(nenhuma)'}`, `- Aula: ${it.aula}`, `- Objetivos da aula: ${String(it.objetivos ?? '').replace(/\s+/g, ' ')}`, '');
      it.questoes.forEach((q, i) => lines.push(`${i + 1}. ${questionText(q)}`));
      lines.push('');
    }
  });
  writeFileSync(out(`questions-${half}-sheet.md`), `${lines.join('\n')}\n`);
  writeFileSync(out(`questions-${half}-key.json`), `${JSON.stringify(key, null, 1)}\n`);
  console.log(`questions-${half}-sheet.md: ${order.length} items`);
}

const POINTS = ['ligada', 'respondivel', 'gabarito', 'idade'];
function score(half, file) {
  const { items } = JSON.parse(readFileSync(out(`questions-${half}.json`), 'utf8'));
  const key = new Map(JSON.parse(readFileSync(out(`questions-${half}-key.json`), 'utf8')).map((k) => [k.id, k.index]));
  const ratings = JSON.parse(readFileSync(resolve(file), 'utf8'));
  const rows = [];
  for (const source of ['banco', 'gerada', 'todos']) {
    const own = ratings.filter((r) => source === 'todos' || items[key.get(r.item)]?.source === source);
    if (!own.length) continue;
    const pct = (pred) => `${Math.round((own.filter(pred).length / own.length) * 100)}%`;
    rows.push({
      source,
      n: own.length,
      'every point': pct((r) => POINTS.every((p) => r[p] === true)),
      ...Object.fromEntries(POINTS.map((p) => [p, pct((r) => r[p] === true)])),
      'bloom above lembrar': pct((r) => r.bloom && r.bloom !== 'lembrar'),
    });
  }
  console.table(rows);
}

const [command, arg, file] = process.argv.slice(2);
if (command === 'sample') sample(Number(arg ?? 37)).catch((err) => (console.error(err), process.exit(1)));
else if (command === 'sheet') sheet(arg ?? 'heldout');
else if (command === 'score') score(arg ?? 'heldout', file);
else {
  console.error('usage: questions.js sample [seed] | sheet dev|heldout | score dev|heldout ratings.json');
  process.exit(2);
}
