import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Request } from 'express';
import { openTestPool, signUpTeacher, turmaInput, TestClient, type TestPool } from '@planejador/testing';
import { SessionCache } from '../src/fast-path/session-cache';
import { signedInFromCache } from '../src/fast-path/session-store';
import { SESSION_RENEW_BELOW_MS } from '../src/fast-path/session';
import { startApi, type ApiHarness } from './api-harness';

/**
 * A signed-in read whose session the SessionCache holds is signed in from the cache, without express-session and
 * passport's session strategy (issue 19); whatever may change the session (a write, a session near its expiry)
 * and whatever the cache cannot vouch for (a bad signature, a session it does not hold) goes through the store.
 */
describe('session reads answered from the SessionCache', () => {
  let api: ApiHarness;
  let pool: TestPool;
  /** Each request's method, path and whether it was signed in from the cache, once answered. */
  const served: { method: string; url: string; fromCache: boolean }[] = [];
  const capture = (req: IncomingMessage, res: ServerResponse) =>
    res.once('finish', () => served.push({ method: req.method ?? '', url: req.url ?? '', fromCache: signedInFromCache(req as Request) }));
  const last = () => served[served.length - 1];

  beforeAll(async () => {
    api = await startApi();
    pool = openTestPool();
    (api.app.getHttpServer() as Server).on('request', capture);
  });
  afterAll(async () => {
    await pool?.end();
    await api?.close();
  });

  const sidOf = (client: TestClient) => decodeURIComponent(client.cookieHeader.split('planejador.sid=')[1]).slice(2).split('.')[0];

  it('a read signs in from the cache once the session is held; writes and bad cookies go through the store', async () => {
    const { client } = await signUpTeacher(api);
    expect((await client.post('/api/turmas', turmaInput())).status).toBe(201);
    expect(last()).toMatchObject({ method: 'POST', fromCache: false });

    const first = await client.get('/api/turmas');
    const second = await client.get('/api/turmas');
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(last()).toMatchObject({ method: 'GET', url: '/api/turmas', fromCache: true });
    // The user as PostgreSQL has it, for the route that shows it.
    const user = await client.get<{ id: string; credits: number }>('/api/auth/user');
    expect(user.status).toBe(200);
    expect(last()).toMatchObject({ url: '/api/auth/user', fromCache: true });

    // A cookie whose signature does not verify signs nobody in, held session or not.
    const tampered = client.cookieHeader.replace(/planejador\.sid=([^;]*)/, (_m, v: string) => `planejador.sid=${v.slice(0, -3)}abc`);
    expect((await new TestClient(api.url, { cookie: tampered }).get('/api/turmas')).status).toBe(401);
    expect(last().fromCache).toBe(false);

    // Logged out: the very next read, with the old cookie, is signed out.
    const cookie = client.cookieHeader;
    expect((await client.post('/api/logout')).status).toBe(204);
    expect((await new TestClient(api.url, { cookie }).get('/api/turmas')).status).toBe(401);
    expect(last().fromCache).toBe(false);
  });

  it('a session near its expiry is renewed by its next read (through the store: new expiry, new cookie), then held again', async () => {
    const { client } = await signUpTeacher(api);
    const sid = sidOf(client);
    const soon = new Date(Date.now() + SESSION_RENEW_BELOW_MS / 2);
    await pool.query(
      `update "session" set expire = $2, sess = jsonb_set(sess::jsonb, '{cookie,expires}', to_jsonb($3::text))::json where sid = $1`,
      [sid, soon, soon.toISOString()],
    );
    await api.app.get(SessionCache).invalidateSession(sid);

    const renewed = await client.get('/api/turmas');
    expect(renewed.status).toBe(200);
    expect(last().fromCache).toBe(false);
    const setCookie = renewed.headers.getSetCookie().find((c) => c.startsWith('planejador.sid='));
    expect(setCookie).toBeDefined();
    const expire = (await pool.query<{ expire: Date }>(`select expire from "session" where sid = $1`, [sid])).rows[0].expire;
    expect(expire.getTime()).toBeGreaterThan(Date.now() + SESSION_RENEW_BELOW_MS);

    // Read again from PostgreSQL once (the renewal's save dropped it from the cache), then from the cache.
    for (let i = 0; i < 2; i++) expect((await client.get('/api/turmas')).status).toBe(200);
    expect(last().fromCache).toBe(true);
    expect((await client.get('/api/turmas')).headers.getSetCookie()).toEqual([]);
  });
});
