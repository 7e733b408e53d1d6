import { loadSettings, readEnv, SettingsError } from '@planejador/config';
import { Database, UsersRepository } from '@planejador/db';
import { resolveDatabase, ResolvedDatabase } from './embedded-postgres';
import { repoRoot } from './paths';

const USAGE = [
  'Uso / usage:',
  '  npm run admin -- grant EMAIL    torna o usuário administrador(a)',
  '  npm run admin -- revoke EMAIL   volta o usuário a professor(a)',
].join('\n');

type Command = 'grant' | 'revoke';

export function parseArgs(args: string[]): { command: Command; email: string } | undefined {
  const [command, email, ...rest] = args;
  if ((command !== 'grant' && command !== 'revoke') || !email || rest.length || !email.includes('@')) return undefined;
  return { command, email: email.trim().toLowerCase() };
}

/** Sets users.role; resolves with the stored e-mail, or undefined when no user has it. */
export async function setRole(databaseUrl: string, email: string, role: 'admin' | 'teacher'): Promise<string | undefined> {
  const db = await Database.connect({ databaseUrl, poolMax: 1, statementPoolMax: 0 });
  try {
    return await new UsersRepository(db).setUserRoleByEmail(email, role);
  } finally {
    await db.close();
  }
}

async function main(): Promise<number> {
  const parsed = parseArgs(process.argv.slice(2));
  if (!parsed) {
    console.error(USAGE);
    return 1;
  }
  let settings;
  try {
    settings = loadSettings(readEnv(repoRoot));
  } catch (err) {
    if (err instanceof SettingsError) {
      console.error(err.message);
      return 1;
    }
    throw err;
  }
  let database: ResolvedDatabase | undefined;
  try {
    // The running `npm start` database when there is one; otherwise the embedded one, briefly.
    database = await resolveDatabase(settings.DATABASE_URL, { whenRunning: 'reuse', initialise: false });
    const role = parsed.command === 'grant' ? 'admin' : 'teacher';
    const email = await setRole(database.url, parsed.email, role);
    if (!email) {
      console.error(`Nenhum usuário cadastrado com o e-mail ${parsed.email}. / No user with this e-mail.`);
      return 1;
    }
    if (parsed.command === 'grant') {
      console.log(`${email} agora é administrador(a).`);
    } else {
      console.log(`${email} não é mais administrador(a).`);
      if (settings.ADMIN_EMAILS.includes(email)) {
        console.log(`Atenção: ${email} está em ADMIN_EMAILS; tire-o de lá para que a mudança valha.`);
      }
    }
    return 0;
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === '42P01' || code === '3D000') {
      console.error('O banco ainda não tem as tabelas: rode `npm start` (ou `npm run migrate`) primeiro.');
    } else {
      console.error(err instanceof Error ? err.message : String(err));
    }
    return 1;
  } finally {
    await database?.server?.stop(30_000);
  }
}

if (require.main === module) {
  main().then(
    (code) => process.exit(code),
    (err) => {
      console.error(err instanceof Error ? err.message : String(err));
      process.exit(1);
    },
  );
}
