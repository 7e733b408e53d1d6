'use strict';
// What the lesson-quality programs share (run.js, readability.js): the compiled libraries, the curriculum the server
// imports (CURRICULUM_DIR or the copy shipped in libs/curriculum/data, every stage) ranked as the worker ranks it (the
// pool of the class's stage and year and the lesson's subject), and a split's scenarios. Build first (npm run
// build:server).
const { readFileSync } = require('node:fs');
const { resolve } = require('node:path');
const ai = require('../../libs/ai/dist');
const { SubjectSkills, curriculumDir, inScope, readCurriculumFiles, skillClassroom, scopeGapReason } = require('../../libs/curriculum/dist');

const root = resolve(__dirname, '../..');
const { records } = readCurriculumFiles(curriculumDir({ CURRICULUM_DIR: process.env.CURRICULUM_DIR }, root));
const subjects = new Map();
const curriculum = {
  rank(ano, materia, prompt, etapa) {
    const key = `${etapa}:${ano}:${materia}`;
    if (!subjects.has(key)) subjects.set(key, new SubjectSkills(records.filter((r) => inScope(r, materia, Number(ano), etapa))));
    return subjects.get(key).candidates(prompt, null, 200);
  },
  noSkillsReason: (ano, materia, etapa) => scopeGapReason(materia, Number(ano), etapa),
  classroomOf: skillClassroom,
};

/** The split named on the command line (dev by default), or the usage and exit 2. */
function splitArgument(usage) {
  const split = process.argv[2] && !process.argv[2].startsWith('--') ? process.argv[2] : 'dev';
  if (!['dev', 'heldout'].includes(split)) {
    console.error(usage);
    process.exit(2);
  }
  return split;
}

/** A split's scenarios: of Ensino Fundamental with one subject a plan (dev.json), or of the whole BNCC (whole-bncc-dev.json). */
const scenariosOf = (split, set = 'fundamental') =>
  JSON.parse(readFileSync(resolve(__dirname, set === 'whole-bncc' ? `whole-bncc-${split}.json` : `${split}.json`), 'utf8')).scenarios;

/** The configured model, when OPENAI_API_KEY is set and --offline-only is not given; else null. */
function configuredModel() {
  if (!process.env.OPENAI_API_KEY || process.argv.includes('--offline-only')) return null;
  const model = process.env.OPENAI_MODEL || 'gpt-4o-mini';
  return { model, generator: new ai.OpenAiLessonGenerator({ apiKey: process.env.OPENAI_API_KEY, baseURL: process.env.OPENAI_BASE_URL || undefined, model, timeoutMs: 120000 }) };
}

module.exports = { ai, root, curriculum, splitArgument, scenariosOf, configuredModel };
