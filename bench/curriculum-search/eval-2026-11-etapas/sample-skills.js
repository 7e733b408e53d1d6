// Samples the skills this set describes, with a fixed seed (2026112701), and prints them a line each
// (stage|year|subject|code|unit|objects|description). It reads the curriculum only, never the search.
//
//   npx tsc -b libs/curriculum && node sample-skills.js
const { sampleSkills } = require('./tools');

const POOLS = [
  // Educação Infantil: 3 objectives of each campo in each grupo etário, 4 of Computação (crianças pequenas only).
  ...[1, 2, 3].flatMap((g) =>
    ['eu-outro-nos', 'corpo-gestos-movimentos', 'tracos-sons-cores-formas', 'escuta-fala-pensamento-imaginacao', 'espacos-tempos-quantidades'].map((m) => ['infantil', g, m, 3]),
  ),
  ['infantil', 3, 'computacao', 4],
  // Computação in the Ensino Fundamental: 4 a year.
  ...[1, 2, 3, 4, 5, 6, 7, 8, 9].map((ano) => ['fundamental', ano, 'computacao', 4]),
  // Ensino Médio (no série: the 1ª série's pool is every série's): 8 of each área and of Língua Portuguesa, 6 of Computação.
  ['medio', 1, 'portugues', 8],
  ['medio', 1, 'linguagens', 8, /^EM13LGG/],
  ['medio', 1, 'matematica', 8],
  ['medio', 1, 'ciencias-natureza', 8],
  ['medio', 1, 'ciencias-humanas', 8],
  ['medio', 1, 'computacao', 6],
];

module.exports = { POOLS };
if (require.main === module) {
  const sample = sampleSkills(2026112701, POOLS);
  for (const { etapa, ano, materia, record: r } of sample) {
    console.log(`${etapa}|${ano}|${materia}|${r.code}|${r.unit}|${r.knowledgeObjects.join('; ')}|${r.description}`);
  }
  console.error(`${sample.length} skills`);
}
