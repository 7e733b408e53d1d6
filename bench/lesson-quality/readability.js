#!/usr/bin/env node
// Readability of adapted activities (issue 28): every lesson of a split's plans for years 1 to 5 is written for a
// class with the barreira 'leitura' and adapted for it (POST .../adaptar as the worker runs it), with the offline
// drafter and, when OPENAI_API_KEY is set, the configured model; prints the words per sentence over all sentences
// (held to at most 12) and the lesson that reads hardest. Compiled libraries and the curriculum file, no database:
// build first (npm run build:server).
//   node bench/lesson-quality/readability.js [dev|heldout] [--offline-only]
'use strict';
const { ai, curriculum, splitArgument, scenariosOf, configuredModel } = require('./curriculum');

const split = splitArgument('uso: node bench/lesson-quality/readability.js [dev|heldout] [--offline-only]');
const scenarios = scenariosOf(split);

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
  const configured = configuredModel();
  if (configured) ok = (await score(configured.generator, configured.model)) && ok;
  process.exitCode = ok ? 0 : 1;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
