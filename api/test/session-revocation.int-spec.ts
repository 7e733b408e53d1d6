import { createHash, randomBytes } from 'node:crypto';
import { MikroORM } from '@mikro-orm/postgresql';
import { Pool } from 'pg';
import { createToken, ormConfig, storeTokenHash, type TokenKind } from '@planejador/db';
import { freePort, PASSWORD, signUpTeacher, spawnApi, TestClient, uniqueEmail, type ManagedProcess } from '@planejador/testing';
import { setRole } from '../../scripts/src/admin';

/**
 * Two api processes on one database and Redis, each holding the sessions it read in its SessionCache: a logout,
 * a password reset and a role change made through one of them (or, for the role, through `npm run admin`) count
 * from the very next request on both.
 */
describe('sessions stay revocable at once across api processes (SessionCache, invalidated through Redis)', () => {
  const ADMIN = uniqueEmail('revogacao-admin');
  let a: ManagedProcess;
  let b: ManagedProcess;
  let urls: { a: string; b: string };
  let orm: MikroORM;
  let pool: Pool;

  beforeAll(async () => {
    const [portA, portB] = [await freePort(), await freePort()];
    urls = { a: `http://127.0.0.1:${portA}`, b: `http://127.0.0.1:${portB}` };
    const env = { OPENAI_API_KEY: '', ADMIN_EMAILS: ADMIN };
    [a, b] = await Promise.all([spawnApi(portA, env), spawnApi(portB, env)]);
    orm = await MikroORM.init(ormConfig({ databaseUrl: process.env.DATABASE_URL!, poolMax: 1 }));
    pool = new Pool({ connectionString: process.env.DATABASE_URL, max: 1 });
  });
  afterAll(async () => {
    await pool?.end();
    await orm?.close(true);
    await Promise.all([a?.stop(), b?.stop()]);
  });

  /** The same browser (its cookie) against process A or B. */
  const on = (which: 'a' | 'b', cookie: string) => new TestClient(urls[which], { cookie });

  async function signUp(email = uniqueEmail('revogacao')) {
    const { client, user } = await signUpTeacher(urls.a, { email });
    return { email, id: user.id, cookie: client.cookieHeader };
  }

  /** Both processes answer the session (twice: the second answer comes from their cache). */
  async function warm(cookie: string, path = '/api/turmas') {
    for (const which of ['a', 'b'] as const) {
      for (let i = 0; i < 2; i++) expect((await on(which, cookie).get(path)).status).toBe(200);
    }
  }

  /** A one-time token of this kind for the user, stored hashed as the worker stores it. */
  async function token(kind: TokenKind, userId: string) {
    const plain = randomBytes(32).toString('base64url');
    const em = orm.em.fork();
    const tokenId = await createToken(em, kind, userId, new Date(Date.now() + 3600 * 1000));
    await storeTokenHash(em, kind, tokenId, createHash('sha256').update(plain).digest('hex'));
    return plain;
  }

  it('holds a session in each process between its changes (otherwise the cases below would prove nothing)', async () => {
    const user = await signUp();
    await warm(user.cookie);
    // Deleted behind the api's back (no announcement): both still answer from their cache...
    // This one session row, by its id (no repository function removes a single session).
    const sid = decodeURIComponent(user.cookie.split('planejador.sid=')[1]).slice(2).split('.')[0];
    expect((await pool.query(`delete from "session" where sid = $1`, [sid])).rowCount).toBe(1);
    expect((await on('a', user.cookie).get('/api/turmas')).status).toBe(200);
    expect((await on('b', user.cookie).get('/api/turmas')).status).toBe(200);
    // ...while what must be current is read again: GET /api/auth/user reads the user (still there).
    expect((await on('b', user.cookie).get('/api/auth/user')).status).toBe(200);
  });

  it('a logout on one process signs the session out on both, from the next request', async () => {
    for (const [via, other] of [['a', 'b'], ['b', 'a']] as const) {
      const user = await signUp();
      await warm(user.cookie);
      expect((await on(via, user.cookie).post('/api/logout')).status).toBe(204);
      expect((await on(other, user.cookie).get('/api/turmas')).status).toBe(401);
      expect((await on(via, user.cookie).get('/api/turmas')).status).toBe(401);
      expect((await on(other, user.cookie).get('/api/auth/user')).status).toBe(401);
    }
  });

  it("a password reset on one process ends the user's sessions on both, from the next request", async () => {
    const user = await signUp();
    // A second browser, signed in through B.
    const second = new TestClient(urls.b);
    expect((await second.post('/api/login', { email: user.email, password: PASSWORD })).status).toBe(200);
    await warm(user.cookie);
    await warm(second.cookieHeader);

    const reset = await new TestClient(urls.b).post('/api/auth/reset-password', { token: await token('password-reset', user.id), newPassword: 'nova-senha-456' });
    expect(reset.status).toBe(200);
    for (const cookie of [user.cookie, second.cookieHeader]) {
      expect((await on('a', cookie).get('/api/turmas')).status).toBe(401);
      expect((await on('b', cookie).get('/api/turmas')).status).toBe(401);
    }
    expect((await new TestClient(urls.a).post('/api/login', { email: user.email, password: 'nova-senha-456' })).status).toBe(200);
  });

  it("an admin's role change (npm run admin) counts from the next request on both processes", async () => {
    const registered = await signUp(ADMIN);
    // ADMIN_EMAILS grants admin once the password is set through the mailed reset link (through B), which ends
    // the sign-up's session; signed in again through A.
    expect((await new TestClient(urls.b).post('/api/auth/reset-password', { token: await token('password-reset', registered.id), newPassword: PASSWORD })).status).toBe(200);
    const signedIn = new TestClient(urls.a);
    expect((await signedIn.post('/api/login', { email: ADMIN, password: PASSWORD })).status).toBe(200);
    const admin = { ...registered, cookie: signedIn.cookieHeader };
    await warm(admin.cookie, '/api/admin/email-logs');
    expect((await on('a', admin.cookie).get<{ role: string }>('/api/auth/user')).body.role).toBe('admin');

    expect(await setRole(process.env.DATABASE_URL!, ADMIN, 'teacher')).toBe(ADMIN);
    for (const which of ['a', 'b'] as const) {
      expect((await on(which, admin.cookie).get('/api/admin/email-logs')).status).toBe(403);
      expect((await on(which, admin.cookie).get('/admin/queues', { accept: 'application/json' })).status).toBe(403);
      expect((await on(which, admin.cookie).get<{ role: string }>('/api/auth/user')).body.role).toBe('teacher');
      // Still signed in as a teacher.
      expect((await on(which, admin.cookie).get('/api/turmas')).status).toBe(200);
    }

    expect(await setRole(process.env.DATABASE_URL!, ADMIN, 'admin')).toBe(ADMIN);
    for (const which of ['a', 'b'] as const) {
      expect((await on(which, admin.cookie).get('/api/admin/email-logs')).status).toBe(200);
      expect((await on(which, admin.cookie).get<{ role: string }>('/api/auth/user')).body.role).toBe('admin');
    }
  });
});
