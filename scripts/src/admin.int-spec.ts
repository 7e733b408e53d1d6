import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Database, UsersRepository } from '@planejador/db';
import { freePort, signUpTeacher, spawnApi, uniqueEmail, type ManagedProcess } from '@planejador/testing';
import { repoRoot } from './paths';

const run = promisify(execFile);
const ADMIN = join(repoRoot, 'scripts/dist/admin.js');

/** Runs the built command (`npm test` builds first) against the test run's database. */
async function admin(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  if (!existsSync(ADMIN)) throw new Error('scripts/dist/admin.js is not built: run `npm run build:server` first');
  try {
    const { stdout, stderr } = await run(process.execPath, [ADMIN, ...args], { cwd: repoRoot, env: process.env });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const failed = err as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('npm run admin', () => {
  const email = uniqueEmail('admin');
  let api: ManagedProcess;
  let db: Database;
  let userId: string;

  // A teacher signed up through the api, as a real one would be.
  beforeAll(async () => {
    const port = await freePort();
    api = await spawnApi(port);
    db = await Database.connect({ databaseUrl: process.env.DATABASE_URL!, poolMax: 1, statementPoolMax: 1 });
    userId = (await signUpTeacher(`http://127.0.0.1:${port}`, { email })).user.id;
  });
  afterAll(async () => {
    await db?.close();
    await api?.stop();
  });

  const roleOf = async () => (await new UsersRepository(db).findPublicUser(userId))?.role;

  it('grants and revokes the admin role by e-mail, whatever its case', async () => {
    const granted = await admin('grant', email.toUpperCase());
    expect(granted.code).toBe(0);
    expect(granted.stdout).toContain(`${email} agora é administrador(a)`);
    expect(await roleOf()).toBe('admin');

    const revoked = await admin('revoke', email);
    expect(revoked.code).toBe(0);
    expect(revoked.stdout).toContain(`${email} não é mais administrador(a)`);
    expect(await roleOf()).toBe('teacher');
  });

  it('fails with a message for an e-mail nobody registered, changing nothing', async () => {
    const result = await admin('grant', 'ninguem@example.com');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Nenhum usuário cadastrado com o e-mail ninguem@example.com');
    expect(await roleOf()).toBe('teacher');
  });

  it('explains its usage when called wrongly', async () => {
    const result = await admin('promote', email);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('npm run admin -- grant EMAIL');
  });
});
