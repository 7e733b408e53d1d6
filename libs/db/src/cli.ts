import { loadSettings } from '@planejador/config';
import { ensureDatabase } from './database-url';
import { migrate } from './migrate';

async function main() {
  const [command] = process.argv.slice(2);
  const settings = loadSettings();
  if (!settings.DATABASE_URL) {
    console.error('DATABASE_URL não definido. Use `npm start` (que inicia um PostgreSQL embutido) ou defina DATABASE_URL.');
    process.exit(1);
  }
  if (command !== 'migrate') {
    console.error('Uso: node libs/db/dist/cli.js migrate');
    process.exit(1);
  }
  await ensureDatabase(settings.DATABASE_URL);
  const done = await migrate(settings.DATABASE_URL);
  console.log(done.length ? `Migrações aplicadas: ${done.join(', ')}` : 'Banco de dados atualizado: nenhuma migração pendente.');
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
