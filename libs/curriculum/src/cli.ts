import { resolve } from 'node:path';
import { loadSettings } from '@planejador/config';
import { CurriculumValidationError } from './curriculum-files';
import { writeConvertedCurriculum } from './bncc-dados';
import { curriculumDir, SHIPPED_CURRICULUM_DIR } from './curriculum-dir';
import { curriculumSkillCount, importCurriculum } from './curriculum-import';

const USAGE = [
  'Uso: node libs/curriculum/dist/cli.js import [--if-empty]',
  '     node libs/curriculum/dist/cli.js convert <pasta bncc-dados> (regrava bncc-ei.json, bncc-em.json e bncc-computacao.json)',
].join('\n');

/** node libs/curriculum/dist/cli.js import [--if-empty] | convert <pasta bncc-dados> */
async function main(): Promise<void> {
  const [command, ...flags] = process.argv.slice(2);
  const repoRoot = resolve(__dirname, '..', '..', '..');
  if (command === 'convert' && flags.length === 1) {
    // The source's files become the product's shipped copy (SOURCES.md); nothing reads the source at run time.
    for (const { file, records } of writeConvertedCurriculum(resolve(flags[0]), resolve(repoRoot, ...SHIPPED_CURRICULUM_DIR))) {
      console.log(`${file}: ${records} registros`);
    }
    return;
  }
  if (command !== 'import' || flags.some((f) => f !== '--if-empty')) {
    console.error(USAGE);
    process.exit(1);
  }
  const settings = loadSettings();
  if (!settings.DATABASE_URL) {
    console.error('DATABASE_URL não definido. Use `npm start` (que inicia um PostgreSQL embutido) ou defina DATABASE_URL.');
    process.exit(1);
  }
  if (flags.includes('--if-empty')) {
    const count = await curriculumSkillCount(settings.DATABASE_URL);
    if (count > 0) {
      console.log(`Matriz curricular já importada (${count} habilidades): nada a fazer.`);
      return;
    }
  }
  const dir = curriculumDir(settings, repoRoot);
  console.log(`Importando a matriz curricular de ${dir}`);
  const result = await importCurriculum(settings.DATABASE_URL, dir, {
    info: (message) => console.log(message),
    warn: (message) => console.warn(message),
  });
  const list = (counts: Record<string, number>) =>
    Object.entries(counts)
      .map(([key, n]) => `${key}: ${n}`)
      .join(', ');
  console.log(`Arquivos lidos: ${result.files.length}. Por etapa: ${list(result.byPart)}.`);
  console.log(`Por etapa e componente: ${list(result.byComponent)}.`);
}

main().catch((err: unknown) => {
  const message = err instanceof Error ? err.message : String(err);
  if (err instanceof CurriculumValidationError) console.error(message);
  else if (/curriculum_skills" does not exist|column "expectativas" does not exist/.test(message)) {
    console.error('A tabela do currículo não está atualizada: execute as migrações antes (npm run migrate).');
  } else console.error(message);
  process.exit(1);
});
