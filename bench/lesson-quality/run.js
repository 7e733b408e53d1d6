#!/usr/bin/env node
// Lesson-quality harness (issue 23): writes every plan of a split (dev.json or heldout.json) with the offline
// drafter and, when OPENAI_API_KEY is set, with the configured model (OPENAI_BASE_URL, OPENAI_MODEL), scores each
// with the structural checks of libs/ai/src/quality/lesson-checks.ts and writes results-<split>-<generator>.json
// with the code's git hash (a score kept from older code shows as stale). Uses the compiled libraries and the
// curriculum file directly (no database): build first (npm run build:server).
//   node bench/lesson-quality/run.js [dev|heldout] [--verbose] [--offline-only]
'use strict';
const { execSync } = require('node:child_process');
const { readFileSync, writeFileSync } = require('node:fs');
const { resolve } = require('node:path');
const ai = require('../../libs/ai/dist');
const { SubjectSkills, curriculumDir, inScope, readCurriculumFiles, skillClassroom, scopeGapReason } = require('../../libs/curriculum/dist');

const split = process.argv[2] && !process.argv[2].startsWith('--') ? process.argv[2] : 'dev';
if (!['dev', 'heldout'].includes(split)) {
  console.error('uso: node bench/lesson-quality/run.js [dev|heldout] [--verbose] [--offline-only]');
  process.exit(2);
}
const verbose = process.argv.includes('--verbose');
const root = resolve(__dirname, '../..');
// The records the server imports (CURRICULUM_DIR or the copy shipped in libs/curriculum/data), validated.
const { records } = readCurriculumFiles(curriculumDir({ CURRICULUM_DIR: process.env.CURRICULUM_DIR }, root));
const { scenarios } = JSON.parse(readFileSync(resolve(__dirname, `${split}.json`), 'utf8'));

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

const subjects = new Map();
const curriculum = {
  rank(ano, materia, prompt) {
    const key = `${ano}:${materia}`;
    if (!subjects.has(key)) subjects.set(key, new SubjectSkills(records.filter((r) => inScope(r, materia, Number(ano)))));
    return subjects.get(key).candidates(prompt, null, 200);
  },
  noSkillsReason: (ano, materia) => scopeGapReason(materia, Number(ano)),
  classroomOf: skillClassroom,
};

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
  if (process.env.OPENAI_API_KEY && !process.argv.includes('--offline-only')) {
    const model = process.env.OPENAI_MODEL || 'gpt-4o-mini';
    const generator = new ai.OpenAiLessonGenerator({ apiKey: process.env.OPENAI_API_KEY, baseURL: process.env.OPENAI_BASE_URL || undefined, model, timeoutMs: 120000 });
    await score(generator, model);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
