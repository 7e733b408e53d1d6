#!/usr/bin/env node
// Lesson-quality harness (issue 23): writes every plan of a split (dev.json or heldout.json) with the offline
// drafter and, when OPENAI_API_KEY is set, with the configured model (OPENAI_BASE_URL, OPENAI_MODEL), scores each
// with the structural checks of libs/ai/src/quality/lesson-checks.ts and writes results-<split>-<generator>.json
// with the code's git hash (a score kept from older code shows as stale). Uses the compiled libraries and the
// curriculum file directly (no database): build first (npm run build:server).
//   node bench/lesson-quality/run.js [dev|heldout] [--verbose] [--offline-only]
'use strict';
const { execSync } = require('node:child_process');
const { writeFileSync } = require('node:fs');
const { resolve } = require('node:path');
const { ai, root, curriculum, splitArgument, scenariosOf, configuredModel } = require('./curriculum');

const split = splitArgument('uso: node bench/lesson-quality/run.js [dev|heldout] [--verbose] [--offline-only]');
const verbose = process.argv.includes('--verbose');
const scenarios = scenariosOf(split);

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

async function score(generator, model) {
  const started = Date.now();
  const plans = [];
  for (const scenario of scenarios) plans.push(await ai.draftScenario(scenario, generator, curriculum));
  const results = plans.flatMap((plan) => ai.checkPlan(plan));
  const summary = ai.summarize(plans, results);
  const failures = results.filter((r) => !r.pass);
  const lessons = plans.reduce((n, p) => n + p.aulas.length, 0);
  console.log(`\n${generator.kind}${model ? ` (${model})` : ''}: ${split}, ${plans.length} planos, ${lessons} aulas, ${((Date.now() - started) / 1000).toFixed(1)} s`);
  for (const [name, c] of Object.entries(summary.checks)) {
    console.log(`  ${name.padEnd(18)} ${(c.rate * 100).toFixed(1).padStart(5)}%  (${c.pass}/${c.total})`);
  }
  console.log(`  ${'estruturais'.padEnd(18)} ${(summary.structural.rate * 100).toFixed(1).padStart(5)}%  (${summary.structural.pass}/${summary.structural.total})`);
  console.log(`  vazamento da aula 1: ${summary.lesson1Leakage.leaks} de ${summary.lesson1Leakage.lessons} aulas`);
  for (const f of failures.slice(0, verbose ? failures.length : 15)) {
    console.log(`  FALHA ${f.plan}${f.aula ? ` aula ${f.aula}` : ''} ${f.check}: ${f.detail}`);
  }
  const out = resolve(__dirname, `results-${split}-${generator.kind}.json`);
  const code = gitHash();
  writeFileSync(out, `${JSON.stringify({ split, generator: generator.kind, model: model ?? null, code, at: new Date().toISOString(), summary, failures }, null, 2)}\n`);
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
