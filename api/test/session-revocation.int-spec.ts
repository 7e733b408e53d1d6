import { createHash, randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { Database, UsersRepository, type TokenKind } from '@planejador/db';
import { freePort, openTestPool, PASSWORD, signUpTeacher, spawnApi, TestClient, uniqueEmail, type ManagedProcess, type TestPool } from '@planejador/testing';
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
  let db: Database;
  let pool: TestPool;

  beforeAll(async () => {
    const [portA, portB] = [await freePort(), await freePort()];
    urls = { a: `http://127.0.0.1:${portA}`, b: `http://127.0.0.1:${portB}` };
    const env = { OPENAI_API_KEY: '', ADMIN_EMAILS: ADMIN };
    [a, b] = await Promise.all([spawnApi(portA, env), spawnApi(portB, env)]);
    db = await Database.connect({ databaseUrl: process.env.DATABASE_URL!, poolMax: 1, statementPoolMax: 0 });
    pool = openTestPool();
  });
  afterAll(async () => {
    await pool?.end();
    await db?.close();
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
    const users = new UsersRepository(db);
    const tokenId = await users.createToken(kind, userId, new Date(Date.now() + 3600 * 1000));
    await users.storeTokenHash(kind, tokenId, createHash('sha256').update(plain).digest('hex'));
    return plain;
  }

  const sidOf = (cookie: string) => decodeURIComponent(cookie.split('planejador.sid=')[1]).slice(2).split('.')[0];

  it('holds a session in each process between its changes (otherwise the cases below would prove nothing), for 1 s at most', async () => {
    const user = await signUp();
    await warm(user.cookie);
    const warmed = Date.now();
    // Deleted behind the api's back (no announcement): both still answer from their cache...
    // This one session row, by its id (no repository function removes a single session).
    expect((await pool.query(`delete from "session" where sid = $1`, [sidOf(user.cookie)])).rowCount).toBe(1);
    const held = [await on('a', user.cookie).get('/api/turmas'), await on('b', user.cookie).get('/api/turmas')];
    // (Held for 1 s from the read: on a machine too slow for three requests in that time, there is nothing to see.)
    if (Date.now() - warmed < 800) expect(held.map((r) => r.status)).toEqual([200, 200]);
    // ...while what must be current is read again: GET /api/auth/user reads the user (still there).
    expect((await on('b', user.cookie).get('/api/auth/user')).status).toBe(200);
    // A change nobody announced counts within 1 s on every process, writes included.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    for (const which of ['a', 'b'] as const) {
      expect((await on(which, user.cookie).get('/api/turmas')).status).toBe(401);
      expect((await on(which, user.cookie).post('/api/turmas', { numero: '11', ano: '5', escola: 'E.E. Teste' })).status).toBe(401);
    }
  });

  it('announces a session change on Redis by a digest of its id, never the id (the cookie)', async () => {
    const user = await signUp();
    await warm(user.cookie);
    const listener = new Redis(process.env.REDIS_URL!);
    const messages: string[] = [];
    try {
      await listener.psubscribe('*sessions');
      listener.on('pmessage', (_pattern: string, _channel: string, message: string) => messages.push(message));
      expect((await on('a', user.cookie).post('/api/logout')).status).toBe(204);
      const sid = sidOf(user.cookie);
      const digest = createHash('sha256').update(sid).digest('base64url');
      for (let i = 0; i < 50 && !messages.includes(`s:${digest}`); i++) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(messages).toContain(`s:${digest}`);
      expect(messages.join('\n')).not.toContain(sid);
    } finally {
      listener.disconnect();
    }
  });

  it('a session written back after a reset ended it (a save in flight) is refused and removed', async () => {
    const user = await signUp();
    await warm(user.cookie);
    const sid = sidOf(user.cookie);
    const { rows } = await pool.query<{ sess: object; expire: Date }>(`select sess, expire from "session" where sid = $1`, [sid]);
    expect(rows).toHaveLength(1);
    const reset = await new TestClient(urls.b).post('/api/auth/reset-password', { token: await token('password-reset', user.id), newPassword: 'nova-senha-789' });
    expect(reset.status).toBe(200);
    // The save that was in flight lands after the reset deleted the user's sessions.
    await pool.query(`insert into "session" (sid, sess, expire) values ($1, $2, $3)`, [sid, rows[0].sess, rows[0].expire]);
    for (const which of ['a', 'b'] as const) {
      expect((await on(which, user.cookie).get('/api/turmas')).status).toBe(401);
      expect((await on(which, user.cookie).get('/api/auth/user')).status).toBe(401);
    }
    expect((await pool.query(`select 1 from "session" where sid = $1`, [sid])).rowCount).toBe(0);
    // A sign-in after the reset is a session like any other.
    const again = new TestClient(urls.a);
    expect((await again.post('/api/login', { email: user.email, password: 'nova-senha-789' })).status).toBe(200);
    await warm(again.cookieHeader);
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
