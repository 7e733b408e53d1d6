#!/usr/bin/env node
// Readability of adapted activities (issue 28): every lesson of a split's plans for years 1 to 5 is written for a
// class with the barreira 'leitura' and adapted for it (POST .../adaptar as the worker runs it), with the offline
// drafter and, when OPENAI_API_KEY is set, the configured model; prints the words per sentence over all sentences
// (held to at most 12) and the lesson that reads hardest. Compiled libraries and the curriculum file, no database:
// build first (npm run build:server).
//   node bench/lesson-quality/readability.js [dev|heldout] [--offline-only]
'use strict';
const { readFileSync } = require('node:fs');
const { resolve } = require('node:path');
const ai = require('../../libs/ai/dist');
const { SubjectSkills, curriculumDir, inScope, readCurriculumFiles, skillClassroom, scopeGapReason } = require('../../libs/curriculum/dist');

const split = process.argv[2] && !process.argv[2].startsWith('--') ? process.argv[2] : 'dev';
if (!['dev', 'heldout'].includes(split)) {
  console.error('uso: node bench/lesson-quality/readability.js [dev|heldout] [--offline-only]');
  process.exit(2);
}
const root = resolve(__dirname, '../..');
const { records } = readCurriculumFiles(curriculumDir({ CURRICULUM_DIR: process.env.CURRICULUM_DIR }, root));
const { scenarios } = JSON.parse(readFileSync(resolve(__dirname, `${split}.json`), 'utf8'));
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
  const adapted = [];
  for (const scenario of scenarios.filter((s) => Number(s.ano) <= 5)) adapted.push(...(await ai.adaptScenario(scenario, generator, curriculum, 'leitura')));
  const summary = ai.readability(adapted);
  const ok = summary.average <= ai.READABILITY_MAX_WORDS;
  console.log(`${generator.kind}${model ? ` (${model})` : ''}: ${split}, anos 1 a 5, ${summary.lessons} aulas adaptadas para leitura, ${summary.sentences} frases, ${((Date.now() - started) / 1000).toFixed(1)} s`);
  console.log(`  palavras por frase: ${summary.average.toFixed(2)} (máximo ${ai.READABILITY_MAX_WORDS}) ${ok ? 'ok' : 'ACIMA'}`);
  if (summary.worst) console.log(`  aula mais difícil: ${summary.worst.plan} aula ${summary.worst.numeroAula}, ${summary.worst.average.toFixed(2)} palavras por frase`);
  return ok;
}

async function main() {
  let ok = await score(new ai.OfflineLessonDrafter());
  if (process.env.OPENAI_API_KEY && !process.argv.includes('--offline-only')) {
    const model = process.env.OPENAI_MODEL || 'gpt-4o-mini';
    ok = (await score(new ai.OpenAiLessonGenerator({ apiKey: process.env.OPENAI_API_KEY, baseURL: process.env.OPENAI_BASE_URL || undefined, model, timeoutMs: 120000 }), model)) && ok;
  }
  process.exitCode = ok ? 0 : 1;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
