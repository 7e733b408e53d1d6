#!/usr/bin/env node
// Lesson-quality harness (issues 23 and 27): writes every plan of a split of both scenario sets (dev.json or
// heldout.json: Ensino Fundamental, one subject a plan; whole-bncc-dev.json or -heldout.json: mixed-subject plans of
// the early years, Educação Infantil, Ensino Médio) with the offline drafter and, when OPENAI_API_KEY is set, with the
// configured model (OPENAI_BASE_URL, OPENAI_MODEL); scores each with the checks of
// libs/ai/src/quality/lesson-checks.ts, prints them per group in one table (the accepted skill of mixed-subject plans
// beside single-subject plans of the same years) and writes results-<split>-<generator>.json with the code's git
// hash (a score kept from older code shows as stale). Uses the compiled libraries and the curriculum files directly
// (no database): build first (npm run build:server).
//   node bench/lesson-quality/run.js [dev|heldout] [--verbose] [--offline-only]
'use strict';
const { execSync } = require('node:child_process');
const { writeFileSync } = require('node:fs');
const { resolve } = require('node:path');
const { ai, root, curriculum, splitArgument, scenariosOf, configuredModel } = require('./curriculum');

const split = splitArgument('uso: node bench/lesson-quality/run.js [dev|heldout] [--verbose] [--offline-only]');
const verbose = process.argv.includes('--verbose');
const scenarios = [...scenariosOf(split), ...scenariosOf(split, 'whole-bncc')];

/** The groups a plan is counted in, from its data: stage, years, one subject or several. */
function groupsOf(scenario) {
  const etapa = scenario.etapa ?? 'fundamental';
  if (etapa !== 'fundamental') return [etapa === 'infantil' ? 'Educação Infantil' : 'Ensino Médio'];
  const mixed = new Set(scenario.aulas.map((a) => a.materia ?? scenario.materia)).size > 1;
  if (mixed) return [Number(scenario.ano) <= 5 ? 'EF 1º-5º, várias matérias' : 'EF 6º-9º, várias matérias'];
  return ['EF, uma matéria', ...(Number(scenario.ano) <= 5 ? ['EF 1º-5º, uma matéria'] : [])];
}
const GROUPS = ['EF, uma matéria', 'EF 1º-5º, uma matéria', 'EF 1º-5º, várias matérias', 'Educação Infantil', 'Ensino Médio'];

/** The commit the code was built from, '-dirty' when libs or worker have uncommitted changes. */
function gitHash() {
  try {
    const hash = execSync('git rev-parse --short HEAD', { cwd: root }).toString().trim();
    const dirty = execSync('git status --porcelain -- libs worker', { cwd: root }).toString().trim() !== '';
    return dirty ? `${hash}-dirty` : hash;
  } catch {
    return 'desconhecido';
  }
}

const pct = (c) => `${(c.rate * 100).toFixed(1)}% (${c.pass}/${c.total})`;

async function score(generator, model) {
  const started = Date.now();
  const plans = [];
  for (const scenario of scenarios) plans.push({ scenario, plan: await ai.draftScenario(scenario, generator, curriculum) });
  const results = plans.flatMap(({ plan }) => ai.checkPlan(plan));
  const summary = ai.summarize(plans.map((p) => p.plan), results);
  const groups = {};
  for (const name of GROUPS) {
    const mine = plans.filter((p) => groupsOf(p.scenario).includes(name)).map((p) => p.plan);
    if (mine.length === 0) continue;
    const ids = new Set(mine.map((p) => p.id));
    const s = ai.summarize(mine, results.filter((r) => ids.has(r.plan)));
    groups[name] = { plans: mine.length, lessons: mine.reduce((n, p) => n + p.aulas.length, 0), ...s };
  }
  const failures = results.filter((r) => !r.pass);
  const lessons = plans.reduce((n, p) => n + p.plan.aulas.length, 0);
  console.log(`\n${generator.kind}${model ? ` (${model})` : ''}: ${split}, ${plans.length} planos, ${lessons} aulas, ${((Date.now() - started) / 1000).toFixed(1)} s`);
  console.log(`  ${'grupo'.padEnd(28)}${'planos/aulas'.padEnd(14)}${'estruturais'.padEnd(22)}${'vazamento aula 1'.padEnd(18)}habilidade aceita`);
  for (const [name, g] of Object.entries(groups)) {
    console.log(
      `  ${name.padEnd(28)}${`${g.plans}/${g.lessons}`.padEnd(14)}${pct(g.structural).padEnd(22)}${`${g.lesson1Leakage.leaks} de ${g.lesson1Leakage.lessons}`.padEnd(18)}${pct(g.checks.habilidadeAceita)}`,
    );
  }
  console.log('  por verificação, todos os grupos:');
  for (const [name, c] of Object.entries(summary.checks)) console.log(`    ${name.padEnd(18)} ${pct(c)}`);
  for (const f of failures.slice(0, verbose ? failures.length : 15)) {
    console.log(`  FALHA ${f.plan}${f.aula ? ` aula ${f.aula}` : ''} ${f.check}: ${f.detail}`);
  }
  const out = resolve(__dirname, `results-${split}-${generator.kind}.json`);
  const code = gitHash();
  writeFileSync(out, `${JSON.stringify({ split, generator: generator.kind, model: model ?? null, code, at: new Date().toISOString(), groups, summary, failures }, null, 2)}\n`);
  console.log(`  código ${code}; resultados em ${out}`);
}

async function main() {
  await score(new ai.OfflineLessonDrafter());
  const configured = configuredModel();
  if (configured) await score(configured.generator, configured.model);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
