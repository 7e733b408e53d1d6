import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { io } from 'socket.io-client';
import { Redis } from 'ioredis';
import { MSG } from '@planejador/contracts';
import { createPlan, PASSWORD, signUpTeacher, startSharedStack, teacherWithTurma, turmaInput, uniqueEmail, type TestClient, type TestStack } from '@planejador/testing';
import { UsersRepository } from '@planejador/db';
import { signUpAdmin, startApi, type ApiHarness } from './api-harness';

const INLINE_SCRIPT = "document.documentElement.dataset.theme = localStorage.getItem('tema') || 'light';";
const EVIL = 'https://evil.example';
/** The file's own database (the shared stack's becomes DATABASE_URL once it is asked for): the production apis' own. */
const fileDatabase = process.env.DATABASE_URL;

/** The session id inside the signed cookie value (s:<sid>.<signature>). */
function sidOf(cookieValue: string | undefined): string {
  const decoded = decodeURIComponent(cookieValue ?? '');
  return decoded.slice(2, decoded.lastIndexOf('.'));
}

describe('security: cross-site requests, headers, cookies, sessions, reset tokens, rate limits, sockets', () => {
  let api: TestStack;
  let redis: Redis;
  let webDir: string;
  const adminEmail = uniqueEmail('admin');
  const prefix = `${process.env.QUEUE_PREFIX}-security`;

  beforeAll(async () => {
    // A built web page with an inline script, so the HTML answer and its CSP hash are known.
    webDir = mkdtempSync(join(tmpdir(), 'planejador-web-'));
    writeFileSync(join(webDir, 'index.html'), `<!doctype html><html><head><script>${INLINE_SCRIPT}</script></head><body><div id="root"></div></body></html>`);
    api = await startSharedStack({ ai: 'offline', env: { ADMIN_EMAILS: adminEmail, RATE_LIMIT_LOGIN: '5', WEB_DIST_DIR: webDir } });
    redis = new Redis(process.env.REDIS_URL!);
  });
  afterAll(async () => {
    redis?.disconnect();
    await api?.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  // Every test starts with fresh login limits (the stack's key prefix: its profile, with this file's admin and web page, is this file's own).
  beforeEach(async () => {
    const keys = await redis.keys(`${api.queuePrefix}:rl:login*`);
    if (keys.length) await redis.del(...keys);
  });

  const sql = <T extends Record<string, unknown>[]>(query: string, params: unknown[] = []) => api.orm.em.fork().getConnection().execute<T>(query, params);

  async function teacherWithPlan() {
    const t = await teacherWithTurma(api);
    return { ...t, plan: await createPlan(t.client, t.turma.id, ['Frações com pizza'], { timeoutMs: 30000 }) };
  }

  /** The teacher's rows and the run's users, e-mail logs and reset tokens. */
  async function state(userId: string) {
    const [row] = await sql<Record<string, unknown>[]>(
      `select
         (select json_agg(u) from users u where id = ?) as user_row,
         (select json_agg(t order by t.id) from turmas t where user_id = ?) as turmas,
         (select json_agg(p order by p.id) from planos_aula p where user_id = ?) as planos,
         (select json_agg(a order by a.id) from aulas a join planos_aula p on p.id = a.plano_id where p.user_id = ?) as aulas,
         (select count(*)::int from feedback where user_id = ?) as feedback,
         (select count(*)::int from frontend_error_logs where user_id = ?) as frontend_errors,
         (select count(*)::int from users where email like 'csrf.%') as csrf_users,
         (select count(*)::int from email_logs where subject = 'Convite cross-site') as email_logs,
         (select count(*)::int from password_reset_tokens where user_id = ?) as reset_tokens`,
      Array(7).fill(userId),
    );
    return row;
  }

  describe('cross-site requests carrying the session cookie', () => {
    let t: Awaited<ReturnType<typeof teacherWithPlan>>;
    let admin: TestClient;

    beforeAll(async () => {
      t = await teacherWithPlan();
      admin = (await signUpAdmin(api, adminEmail)).client;
    });

    /** Every state-changing route, with a body that succeeds when sent from the site itself. */
    const stateChanging = (): [string, string, unknown, 'teacher' | 'admin'][] => [
      ['POST', '/api/login', { email: t.email, password: PASSWORD }, 'teacher'],
      ['POST', '/api/register', { email: `csrf.${Date.now()}@escola.rs.gov.br`, password: PASSWORD, confirmPassword: PASSWORD }, 'teacher'],
      ['POST', '/api/logout', {}, 'teacher'],
      ['POST', '/api/auth/forgot-password', { email: t.email }, 'teacher'],
      ['POST', '/api/auth/validate-reset-token', { token: 'qualquer' }, 'teacher'],
      ['POST', '/api/auth/reset-password', { token: 'qualquer', newPassword: 'senha-do-atacante' }, 'teacher'],
      ['POST', '/api/turmas', turmaInput({ numero: 'csrf' }), 'teacher'],
      ['PUT', `/api/turmas/${t.turma.id}`, turmaInput({ numero: 'csrf' }), 'teacher'],
      ['DELETE', `/api/turmas/${t.turma.id}`, undefined, 'teacher'],
      ['POST', '/api/feedback', { rating: 1, comment: 'csrf' }, 'teacher'],
      ['POST', '/api/logs/frontend-error', { message: 'csrf' }, 'teacher'],
      ['PUT', `/api/planos/${t.plan.id}`, { status: 'salvo', aulas: t.plan.aulas.map((a) => ({ ...a, objetivos: 'csrf' })) }, 'teacher'],
      ['DELETE', `/api/planos/${t.plan.id}`, undefined, 'teacher'],
      ['POST', '/api/planos/generate', { temaPrincipal: 'Matemática', turmaId: t.turma.id, materiaGeral: 'matematica', aulas: [{ numeroAula: 1, materia: 'matematica', prompt: 'csrf' }] }, 'teacher'],
      ['POST', '/admin/email-sender', { toBulk: 'alvo@escola.rs.gov.br', subject: 'Convite cross-site', html: '<p>csrf</p>' }, 'admin'],
    ];

    const crossSiteHeaders: [string, Record<string, string>][] = [
      ['Origin of another site', { origin: EVIL }],
      ['Referer of another site, no Origin', { referer: `${EVIL}/pagina` }],
      ['Origin "null" (sandboxed frame)', { origin: 'null' }],
      ['Origin that only starts like the site', { origin: 'http://127.0.0.1.evil.example' }],
      ['same host, another port', { origin: 'http://127.0.0.1:1' }],
    ];

    it.each(crossSiteHeaders)('refuses every state-changing route with 403: %s; nothing changes', async (_, headers) => {
      const before = await state(t.user.id);
      for (const [method, path, body, who] of stateChanging()) {
        const client = who === 'admin' ? admin : t.client;
        const res = await client.request<{ message: string }>(method, path, body, headers);
        expect([method, path, res.status, res.body.message]).toEqual([method, path, 403, MSG.csrfRejected]);
        expect(res.headers.getSetCookie()).toEqual([]);
      }
      expect(await state(t.user.id)).toEqual(before);
      // The session survived the cross-site logout.
      expect((await t.client.get('/api/auth/user')).status).toBe(200);
    });

    it('accepts the same routes from the site itself (Origin or Referer of the api)', async () => {
      const sameSite = { origin: api.url };
      expect((await t.client.post('/api/turmas', turmaInput({ numero: 'mesmo-site' }), sameSite)).status).toBe(201);
      expect((await t.client.post('/api/feedback', { rating: 5 }, { referer: `${api.url}/dashboard` })).status).toBe(201);
      const aulas = t.plan.aulas.map((a) => ({ ...a, objetivos: 'Editado no site' }));
      expect((await t.client.put(`/api/planos/${t.plan.id}`, { status: 'salvo', aulas }, sameSite)).status).toBe(200);
      expect((await admin.post('/admin/email-sender', { toBulk: 'alvo@escola.rs.gov.br', subject: 'Convite do site', html: '<p>Oi</p>' }, sameSite)).status).toBe(202);
      expect((await t.client.post('/api/logout', {}, sameSite)).status).toBe(204);
      expect((await t.client.get('/api/auth/user')).status).toBe(401);
    });

    it('reads with another Origin are not refused, but no CORS header lets that site read them', async () => {
      const again = await signUpTeacher(api);
      const res = await again.client.get('/api/auth/user', { origin: EVIL });
      expect(res.status).toBe(200);
      expect(res.headers.get('access-control-allow-origin')).toBeNull();
      expect(res.headers.get('access-control-allow-credentials')).toBeNull();
      const preflight = await again.client.request('OPTIONS', '/api/turmas', undefined, { origin: EVIL, 'access-control-request-method': 'POST' });
      expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    });
  });

  describe('security headers', () => {
    const expectCommonHeaders = (headers: Headers) => {
      const csp = headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("frame-ancestors 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'self'");
      // Injected script cannot open a socket (or a fetch) to anywhere else: same-origin ws is 'self'.
      expect(csp).toMatch(/(^|;)\s*connect-src 'self'(;|$)/);
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-eval'/);
      expect(headers.get('x-content-type-options')).toBe('nosniff');
      expect(headers.get('x-frame-options')).toBe('SAMEORIGIN');
      expect(headers.get('referrer-policy')).toBe('no-referrer');
      expect(headers.get('cross-origin-opener-policy')).toBe('same-origin');
      expect(headers.get('x-powered-by')).toBeNull();
    };

    it('on api answers, including errors', async () => {
      const { client } = await signUpTeacher(api);
      for (const res of [await client.get('/api/turmas'), await client.get('/api/planos/nao-existe'), await api.client().get('/api/turmas'), await client.post('/api/turmas', '{"x":')]) {
        expectCommonHeaders(res.headers);
        expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      }
    });

    it('on the HTML page, whose only inline script is allowed by its hash', async () => {
      const page = await api.client().get('/dashboard', { accept: 'text/html' });
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      expect(page.text).toContain('<div id="root">');
      expectCommonHeaders(page.headers);
      const hash = createHash('sha256').update(INLINE_SCRIPT).digest('base64');
      expect(page.headers.get('content-security-policy')).toMatch(new RegExp(`script-src 'self' 'sha256-${hash.replace(/[+/]/g, '\\$&')}'`));
    });
  });

  describe('sessions', () => {
    it('the session cookie is HttpOnly, SameSite=Lax, for the whole site, and not readable before sign-in', async () => {
      expect((await api.client().get('/api/auth/user')).headers.getSetCookie()).toEqual([]);
      const email = uniqueEmail('cookie');
      const res = await fetch(`${api.url}/api/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: PASSWORD, confirmPassword: PASSWORD }),
      });
      expect(res.status).toBe(201);
      const cookies = res.headers.getSetCookie();
      const cookie = cookies.find((c) => c.startsWith('planejador.sid='))!;
      // And the device cookie that the sign-in limits recognise (login-limits.int-spec).
      expect(cookies.filter((c) => c !== cookie).map((c) => c.split('=')[0])).toEqual(['planejador.device']);
      const attributes = cookie.split(';').map((p) => p.trim().toLowerCase());
      expect(attributes[0]).toMatch(/^planejador\.sid=s%3a/);
      expect(attributes).toEqual(expect.arrayContaining(['httponly', 'samesite=lax', 'path=/']));
      expect(attributes.some((a) => a.startsWith('expires='))).toBe(true);
    });

    it('a new session id at every sign-in; the old one and a planted one are worthless', async () => {
      const { client, email } = await signUpTeacher(api);
      const first = client.sessionId();
      expect((await client.post('/api/login', { email, password: PASSWORD })).status).toBe(200);
      const second = client.sessionId();
      expect(second).toBeDefined();
      expect(sidOf(second)).not.toBe(sidOf(first));
      // The session id before the sign-in no longer signs anyone in.
      expect((await api.client({ cookie: `planejador.sid=${first}` }).get('/api/auth/user')).status).toBe(401);
      expect((await client.get('/api/auth/user')).status).toBe(200);

      // Session fixation: an attacker's valid session cookie, planted in the victim's browser, is replaced at sign-in.
      const attacker = await signUpTeacher(api);
      const planted = attacker.client.sessionId()!;
      const victim = api.client();
      const login = await victim.post('/api/login', { email, password: PASSWORD }, { cookie: `planejador.sid=${planted}` });
      expect(login.status).toBe(200);
      expect(sidOf(victim.sessionId())).not.toBe(sidOf(planted));
      expect((await attacker.client.get<{ email: string }>('/api/auth/user')).body.email).not.toBe(email);
    });

    it('the session row is deleted at sign-out and the cookie is cleared', async () => {
      const { client } = await signUpTeacher(api);
      const sid = sidOf(client.sessionId());
      const rows = () => sql<{ count: number }[]>(`select count(*)::int as count from session where sid = ?`, [sid]).then((r) => r[0].count);
      expect(await rows()).toBe(1);
      const cookieBefore = client.cookieHeader;
      const res = await client.post('/api/logout');
      expect(res.status).toBe(204);
      expect(res.headers.getSetCookie().join(';')).toMatch(/planejador\.sid=;.*Expires=Thu, 01 Jan 1970/i);
      expect(await rows()).toBe(0);
      // Replaying the old cookie does not bring the session back.
      expect((await api.client({ cookie: cookieBefore }).get('/api/auth/user')).status).toBe(401);
    });

    it('no answer ever carries a password hash', async () => {
      const t = await teacherWithPlan();
      const [{ password: hash }] = await sql<{ password: string }[]>(`select password from users where id = ?`, [t.user.id]);
      expect(hash).toMatch(/^\$argon2id\$/);
      const answers = [
        await api.client().post('/api/login', { email: t.email, password: PASSWORD }),
        await t.client.get('/api/auth/user'),
        await t.client.get('/api/turmas'),
        await t.client.get('/api/planos'),
        await t.client.get(`/api/planos/${t.plan.id}`),
        await t.client.put(`/api/planos/${t.plan.id}`, { status: 'salvo', aulas: t.plan.aulas }),
        await t.client.get('/api/user/stats'),
        await t.client.post('/api/register', { email: t.email, password: PASSWORD, confirmPassword: PASSWORD }),
        await api.client().post('/api/login', { email: t.email, password: 'errada' }),
      ];
      for (const res of answers) {
        expect(res.text).not.toContain(hash);
        expect(res.text).not.toContain('$argon2');
        expect(res.text).not.toMatch(/"password"/);
      }
    });
  });

  describe('in production behind a TLS proxy', () => {
    let production: ApiHarness;
    beforeAll(async () => {
      process.env.DATABASE_URL = fileDatabase;
      production = await startApi({
        NODE_ENV: 'production',
        TRUST_PROXY: 'true',
        APP_URL: 'https://planejador.escola.example',
        QUEUE_PREFIX: `${prefix}-production`,
      });
    });
    afterAll(() => production?.close());

    it('the session cookie is Secure, HSTS is on, and plain-http sub-requests are upgraded', async () => {
      const register = (headers: Record<string, string>) =>
        fetch(`${production.url}/api/register`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body: JSON.stringify({ email: uniqueEmail('prod'), password: PASSWORD, confirmPassword: PASSWORD }),
        });
      const overTls = await register({ 'x-forwarded-proto': 'https' });
      expect(overTls.status).toBe(201);
      const attributes = overTls.headers.getSetCookie().find((c) => c.startsWith('planejador.sid='))!.split(';').map((p) => p.trim().toLowerCase());
      expect(attributes).toEqual(expect.arrayContaining(['httponly', 'samesite=lax', 'secure']));
      expect(overTls.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
      expect(overTls.headers.get('content-security-policy')).toContain('upgrade-insecure-requests');
      // Over plain http the session cookie is never sent out.
      const plain = await register({});
      expect(plain.status).toBe(201);
      expect(plain.headers.getSetCookie()).toEqual([]);
    });
  });

  describe('in production at a plain http address (APP_URL http://localhost:3000, as docker compose comes)', () => {
    let plainHttp: ApiHarness;
    beforeAll(async () => {
      process.env.DATABASE_URL = fileDatabase;
      plainHttp = await startApi({ NODE_ENV: 'production', APP_URL: 'http://localhost:3000', ALLOW_INSECURE_HTTP: 'true', QUEUE_PREFIX: `${prefix}-plain` });
    });
    afterAll(() => plainHttp?.close());

    it('refuses to start unless ALLOW_INSECURE_HTTP=true says so explicitly', async () => {
      await expect(startApi({ NODE_ENV: 'production', APP_URL: 'http://localhost:3000', QUEUE_PREFIX: `${prefix}-refused` })).rejects.toThrow(
        /APP_URL: em produção deve ser https:\/\/.*ALLOW_INSECURE_HTTP=true/,
      );
    });

    it('signs in and keeps the session (cookie httpOnly and SameSite, not Secure), without upgrading requests', async () => {
      const client = plainHttp.client();
      const res = await client.post('/api/register', { email: uniqueEmail('plain'), password: PASSWORD, confirmPassword: PASSWORD });
      expect(res.status).toBe(201);
      const attributes = res.headers.getSetCookie().find((c) => c.startsWith('planejador.sid='))!.split(';').map((p) => p.trim().toLowerCase());
      expect(attributes).toEqual(expect.arrayContaining(['httponly', 'samesite=lax']));
      expect(attributes).not.toContain('secure');
      expect(res.headers.get('content-security-policy')).not.toContain('upgrade-insecure-requests');
      expect((await client.get('/api/auth/user')).status).toBe(200);
    });
  });

  describe('password reset tokens', () => {
    /** A token stored the way the api stores it (only its SHA-256), valid for an hour. */
    async function resetToken(userId: string): Promise<string> {
      const token = `token-de-teste-${Date.now()}-${Math.random().toString(36).slice(2)}`;
      const users = api.repository(UsersRepository);
      const tokenId = await users.createToken('password-reset', userId, new Date(Date.now() + 3600 * 1000));
      await users.storeTokenHash('password-reset', tokenId, createHash('sha256').update(token).digest('hex'));
      return token;
    }

    it('works once, even when two requests race with it', async () => {
      const { user, email } = await signUpTeacher(api);
      const token = await resetToken(user.id);
      const c = api.client();
      expect((await c.post('/api/auth/validate-reset-token', { token })).status).toBe(200);
      const [first, second] = await Promise.all([
        c.post<{ message: string }>('/api/auth/reset-password', { token, newPassword: 'primeira-senha' }),
        c.post<{ message: string }>('/api/auth/reset-password', { token, newPassword: 'segunda-senha' }),
      ]);
      expect([first.status, second.status].sort()).toEqual([200, 400]);
      const winner = first.status === 200 ? 'primeira-senha' : 'segunda-senha';
      const loser = first.status === 200 ? 'segunda-senha' : 'primeira-senha';
      expect((first.status === 400 ? first : second).body.message).toBe(MSG.resetTokenInvalid);
      expect((await c.post('/api/auth/validate-reset-token', { token })).status).toBe(400);
      expect((await c.post('/api/auth/reset-password', { token, newPassword: 'terceira-senha' })).status).toBe(400);
      expect((await api.client().post('/api/login', { email, password: loser })).status).toBe(401);
      expect((await api.client().post('/api/login', { email, password: winner })).status).toBe(200);
    });

    it("a token is only its owner's: it never changes another account", async () => {
      const owner = await signUpTeacher(api);
      const other = await signUpTeacher(api);
      const token = await resetToken(owner.user.id);
      expect((await api.client().post('/api/auth/reset-password', { token, newPassword: 'nova-senha-456' })).status).toBe(200);
      expect((await api.client().post('/api/login', { email: other.email, password: PASSWORD })).status).toBe(200);
      expect((await api.client().post('/api/login', { email: owner.email, password: 'nova-senha-456' })).status).toBe(200);
    });
  });

  describe('login brute force', () => {
    it('locks an account after RATE_LIMIT_LOGIN attempts, even for the right password', async () => {
      const { email } = await signUpTeacher(api);
      const c = api.client();
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await c.post('/api/login', { email, password: `tentativa-${i}` })).status);
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
      const right = await c.post<{ message: string }>('/api/login', { email: email.toUpperCase(), password: PASSWORD });
      expect(right.status).toBe(429);
      expect(right.body.message).toBe(MSG.rateLimited);
      expect(right.headers.getSetCookie()).toEqual([]);
    });

    it('limits one address trying many accounts (3 x RATE_LIMIT_LOGIN)', async () => {
      const c = api.client();
      const statuses: number[] = [];
      for (let i = 0; i < 16; i++) statuses.push((await c.post('/api/login', { email: uniqueEmail('alvo'), password: 'chute' })).status);
      expect(statuses).toEqual([...Array(15).fill(401), 429]);
    });
  });

  describe('sockets', () => {
    const connect = (headers: Record<string, string>) =>
      new Promise<'connected' | 'refused'>((resolve) => {
        const socket = io(api.url, { transports: ['websocket'], extraHeaders: headers, reconnection: false, timeout: 3000 });
        socket.on('connect', () => {
          // The server drops a socket without a user right after the handshake.
          setTimeout(() => {
            resolve(socket.connected ? 'connected' : 'refused');
            socket.close();
          }, 300);
        });
        socket.on('connect_error', () => {
          resolve('refused');
          socket.close();
        });
      });

    it('refuses connections without a valid session or from another site, and accepts a signed-in one from the site', async () => {
      const { client } = await signUpTeacher(api);
      expect(await connect({})).toBe('refused');
      expect(await connect({ cookie: 'planejador.sid=s%3Afalso.assinatura' })).toBe('refused');
      const cookie = client.cookieHeader;
      expect(await connect({ cookie })).toBe('connected');
      // A page of another site cannot open a socket with the teacher's cookie (cross-site WebSocket hijacking).
      expect(await connect({ cookie, origin: EVIL })).toBe('refused');
      expect(await connect({ cookie, origin: api.url })).toBe('connected');
      await client.post('/api/logout');
      expect(await connect({ cookie })).toBe('refused');
    });
  });
});
