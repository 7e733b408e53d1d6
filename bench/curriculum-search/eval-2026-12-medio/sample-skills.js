// Samples the items of eval-2026-12-medio with a fixed seed (202612011): Ensino Médio only, per subject of the stage
// (Matemática 28, Ciências da Natureza 22, Ciências Humanas 24, Linguagens' own area skills 16, Língua Portuguesa 26,
// Computação 16; a série 1-3 drawn for each, médio's skills have no série). No earlier set is read (neither its
// descriptions nor its codes), and the search code is not loaded (see ../eval-tools.js).
//
//   node sample-skills.js            prints medio|série|subject|code|unit|knowledge objects|description, an item a line
//   node sample-skills.js --pools    also lists, under each item, the other items of its pool (to choose the siblings)
const { samplePools, printSample } = require('../eval-tools');

const POOLS = [
  { etapa: 'medio', ano: null, materia: 'matematica', n: 28 },
  { etapa: 'medio', ano: null, materia: 'ciencias-natureza', n: 22 },
  { etapa: 'medio', ano: null, materia: 'ciencias-humanas', n: 24 },
  // Linguagens' pool holds Língua Portuguesa's skills too; those are sampled under portugues.
  { etapa: 'medio', ano: null, materia: 'linguagens', n: 16, from: (r) => r.component === 'linguagens' },
  { etapa: 'medio', ano: null, materia: 'portugues', n: 26 },
  { etapa: 'medio', ano: null, materia: 'computacao', n: 16 },
];

function sample() {
  return samplePools({ seed: 202612011, pools: POOLS });
}
module.exports = { sample };
if (require.main === module) printSample(sample(), process.argv.includes('--pools'));
