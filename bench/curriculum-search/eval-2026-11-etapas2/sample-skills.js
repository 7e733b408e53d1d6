// Samples the items of eval-2026-11-etapas2 with a fixed seed (202611281), one described lesson per sampled item:
// 3 per infantil pool (5 campos de experiência x 3 grupos etários, and Computação of the crianças pequenas), 4 per
// year of Computação in the Ensino Fundamental, 8 per Ensino Médio subject (Computação, Linguagens' own area skills,
// Língua Portuguesa, Matemática, Ciências da Natureza, Ciências Humanas; a série 1-3 drawn for each). No earlier set is
// read (neither its descriptions nor its codes), and the search code is not loaded (see ../eval-tools.js).
//
//   node sample-skills.js            prints [stage|]year|subject|code|unit|knowledge objects|description, an item a line
//   node sample-skills.js --pools    also lists, under each item, the other items of its pool (to choose the siblings)
const { samplePools, printSample } = require('../eval-tools');

const CAMPOS = ['eu-outro-nos', 'corpo-gestos-movimentos', 'tracos-sons-cores-formas', 'escuta-fala-pensamento-imaginacao', 'espacos-tempos-quantidades'];
const MEDIO = ['computacao', 'linguagens', 'portugues', 'matematica', 'ciencias-natureza', 'ciencias-humanas'];

const POOLS = [
  ...[1, 2, 3].flatMap((ano) => CAMPOS.map((materia) => ({ etapa: 'infantil', ano, materia, n: 3 }))),
  { etapa: 'infantil', ano: 3, materia: 'computacao', n: 3 },
  ...[1, 2, 3, 4, 5, 6, 7, 8, 9].map((ano) => ({ etapa: 'fundamental', ano, materia: 'computacao', n: 4 })),
  ...MEDIO.map((materia) => ({
    etapa: 'medio', ano: null, materia, n: 8,
    // Linguagens' pool holds Língua Portuguesa's skills too; those are sampled under portugues.
    from: materia === 'linguagens' ? (r) => r.component === 'linguagens' : undefined,
  })),
];

function sample() {
  return samplePools({ seed: 202611281, pools: POOLS });
}
module.exports = { sample };
if (require.main === module) printSample(sample(), process.argv.includes('--pools'));
