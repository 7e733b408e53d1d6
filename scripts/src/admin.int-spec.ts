import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
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
  const db = new Client({ connectionString: process.env.DATABASE_URL });
  const email = `admin-${randomUUID().slice(0, 8)}@escola.rs.gov.br`;

  beforeAll(async () => {
    await db.connect();
    await db.query("insert into users (id, email, password) values ($1, $2, 'not-a-real-hash')", [randomUUID(), email]);
  });
  afterAll(async () => {
    await db.query('delete from users where email = $1', [email]);
    await db.end();
  });

  const roleOf = async () => (await db.query<{ role: string }>('select role from users where email = $1', [email])).rows[0].role;

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
