import { resolve } from 'node:path';
import { loadSettings } from '@planejador/config';
import { CurriculumValidationError } from './curriculum-files';
import { curriculumDir } from './curriculum-dir';
import { curriculumSkillCount, importCurriculum } from './curriculum-import';

/** node libs/curriculum/dist/cli.js import [--if-empty] */
async function main(): Promise<void> {
  const [command, ...flags] = process.argv.slice(2);
  if (command !== 'import' || flags.some((f) => f !== '--if-empty')) {
    console.error('Uso: node libs/curriculum/dist/cli.js import [--if-empty]');
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
  const repoRoot = resolve(__dirname, '..', '..', '..');
  const dir = curriculumDir(settings, repoRoot);
  console.log(`Importando a matriz curricular de ${dir}`);
  const result = await importCurriculum(settings.DATABASE_URL, dir, {
    info: (message) => console.log(message),
    warn: (message) => console.warn(message),
  });
  const components = Object.entries(result.byComponent)
    .map(([component, n]) => `${component}: ${n}`)
    .join(', ');
  console.log(`Arquivos lidos: ${result.files.length}. Habilidades por componente: ${components}.`);
}

main().catch((err: unknown) => {
  const message = err instanceof Error ? err.message : String(err);
  if (err instanceof CurriculumValidationError) console.error(message);
  else if (/curriculum_skills" does not exist|column "expectativas" does not exist/.test(message)) {
    console.error('A tabela do currículo não está atualizada: execute as migrações antes (npm run migrate).');
  } else console.error(message);
  process.exit(1);
});
