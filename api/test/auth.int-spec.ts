import { io, type Socket } from 'socket.io-client';
import { MSG, LIMITS } from '@planejador/contracts';
import { PASSWORD, signUpTeacher, startSharedStack, uniqueEmail, waitFor, type SmtpCapture, type TestStack } from '@planejador/testing';

describe('accounts: sign up, sign in, sessions and password reset', () => {
  let api: TestStack;
  let smtp: SmtpCapture;

  beforeAll(async () => {
    api = await startSharedStack({ ai: 'offline', env: { RATE_LIMIT_LOGIN: '5', RATE_LIMIT_FORGOT: '3', APP_URL: 'http://planejador.test' } });
    smtp = api.smtp;
  });
  afterAll(() => api?.close());

  it('signs up with 35 credits and the teacher role, never answering the password hash', async () => {
    const { client, user, email } = await signUpTeacher(api);
    expect(user).toMatchObject({ email, credits: LIMITS.newUserCredits, role: 'teacher', firstName: 'Ana' });
    expect(JSON.stringify(user)).not.toMatch(/argon2|password/i);
    const me = await client.get('/api/auth/user');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ email });
  });

  it('refuses bad registrations with the spec messages and writes nothing', async () => {
    const c = api.client();
    const email = uniqueEmail();
    const cases: [Record<string, unknown>, string][] = [
      [{ email: 'nao-e-email', password: PASSWORD, confirmPassword: PASSWORD }, MSG.emailInvalid],
      [{ email, password: '123', confirmPassword: '123456' }, MSG.passwordMin],
      [{ email, password: PASSWORD, confirmPassword: '123' }, MSG.confirmPasswordMin],
      [{ email, password: PASSWORD, confirmPassword: 'outra-senha' }, MSG.passwordsDontMatch],
    ];
    for (const [body, message] of cases) {
      const res = await c.post<{ message: string; issues: { path: string; message: string }[] }>('/api/register', body);
      expect(res.status).toBe(400);
      expect(res.body.issues.map((i) => i.message)).toContain(message);
    }
    const login = await c.post('/api/login', { email, password: PASSWORD });
    expect(login.status).toBe(401);
  });

  it('answers 409 for a taken e-mail (case-insensitive)', async () => {
    const { email } = await signUpTeacher(api);
    const res = await api.client().post<{ message: string }>('/api/register', { email: email.toUpperCase(), password: PASSWORD, confirmPassword: PASSWORD });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(MSG.emailTaken);
  });

  it('logs in and out; wrong credentials answer 401 Credenciais inválidas; the session id changes at login', async () => {
    const { email, client: first } = await signUpTeacher(api);
    await first.post('/api/logout');
    expect((await first.get('/api/auth/user')).status).toBe(401);

    const c = api.client();
    await c.post('/api/login', { email, password: 'errada' }).then((r) => {
      expect(r.status).toBe(401);
      expect(r.body).toEqual({ message: MSG.invalidCredentials });
    });
    const bad = await c.post<{ issues: { message: string }[] }>('/api/login', { email: 'x', password: '' });
    expect(bad.status).toBe(400);
    expect(bad.body.issues.map((i) => i.message)).toEqual(expect.arrayContaining([MSG.emailInvalid, MSG.passwordRequired]));

    const ok = await c.post('/api/login', { email, password: PASSWORD });
    expect(ok.status).toBe(200);
    const before = c.sessionId();
    expect(before).toBeDefined();
    // Logging in again on an existing session gives a new session id (no fixation).
    expect((await c.post('/api/login', { email, password: PASSWORD })).status).toBe(200);
    expect(c.sessionId()).toBeDefined();
    expect(c.sessionId()).not.toBe(before);
    expect((await c.get('/api/auth/user')).status).toBe(200);
    expect((await c.post('/api/logout')).status).toBe(204);
    expect((await c.get('/api/auth/user')).status).toBe(401);
  });

  it("logout closes the session's sockets (every tab of the browser), not other users'", async () => {
    const { client } = await signUpTeacher(api);
    const other = await signUpTeacher(api);
    const connect = (cookie: string) =>
      new Promise<Socket>((resolve, reject) => {
        const socket = io(api.url, { transports: ['websocket'], extraHeaders: { cookie }, reconnection: false });
        socket.on('connect', () => resolve(socket));
        socket.on('connect_error', reject);
      });
    const sockets = [await connect(client.cookieHeader), await connect(client.cookieHeader)];
    const bystander = await connect(other.client.cookieHeader);
    try {
      expect((await client.post('/api/logout')).status).toBe(204);
      await waitFor(() => sockets.every((s) => !s.connected), { what: 'sockets to close at logout', timeoutMs: 5000 });
      expect(bystander.connected).toBe(true);
    } finally {
      for (const s of [...sockets, bystander]) s.disconnect();
    }
  });

  it('rate-limits login attempts with a Portuguese 429', async () => {
    const { email } = await signUpTeacher(api);
    const c = api.client();
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await c.post('/api/login', { email, password: 'errada' })).status);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    const limited = await c.post<{ message: string }>('/api/login', { email, password: PASSWORD });
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe(MSG.rateLimited);
  });

  it('resets a forgotten password through the e-mailed link, once', async () => {
    const { email } = await signUpTeacher(api);
    const c = api.client();
    const unknown = await c.post<{ message: string }>('/api/auth/forgot-password', { email: uniqueEmail('ninguem') });
    const known = await c.post<{ message: string }>('/api/auth/forgot-password', { email });
    expect(known.status).toBe(200);
    expect(known.body.message).toBe(unknown.body.message); // no account enumeration
    expect(known.body.message).toMatch(/receberá/);
    expect(known.body.message).toMatch(/cadastrado/);

    const mail = await smtp.waitFor((m) => m.envelope.to.includes(email) && /Redefinição/.test(m.parsed.subject ?? ''));
    expect(mail.parsed.subject).toBe('Redefinição de senha - Planejador');
    const link = /http:\/\/planejador\.test\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.parsed.text ?? '');
    expect(link).not.toBeNull();
    const token = decodeURIComponent(link![1]);

    expect((await c.post('/api/auth/validate-reset-token', { token })).status).toBe(200);
    const invalid = await c.post<{ message: string }>('/api/auth/validate-reset-token', { token: 'nao-existe' });
    expect(invalid.status).toBe(400);
    expect(invalid.body.message).toBe(MSG.resetTokenInvalid);
    const short = await c.post<{ issues: { message: string }[] }>('/api/auth/reset-password', { token, newPassword: '123' });
    expect(short.status).toBe(400);
    expect(short.body.issues[0].message).toBe(MSG.resetPasswordMin);

    const reset = await c.post('/api/auth/reset-password', { token, newPassword: 'nova-senha-456' });
    expect(reset.status).toBe(200);
    const again = await c.post<{ message: string }>('/api/auth/reset-password', { token, newPassword: 'outra-senha-789' });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(MSG.resetTokenInvalid);

    expect((await api.client().post('/api/login', { email, password: PASSWORD })).status).toBe(401);
    expect((await api.client().post('/api/login', { email, password: 'nova-senha-456' })).status).toBe(200);
  });

  it('refuses an expired reset token', async () => {
    const { email } = await signUpTeacher(api);
    await api.client().post('/api/auth/forgot-password', { email });
    const mail = await smtp.waitFor((m) => m.envelope.to.includes(email) && /Redefinição/.test(m.parsed.subject ?? ''));
    const token = decodeURIComponent(/token=([A-Za-z0-9_-]+)/.exec(mail.parsed.text ?? '')![1]);
    await api.orm.em.fork().getConnection().execute(
      `update password_reset_tokens set expires_at = now() - interval '1 minute' where user_id = (select id from users where email = ?)`,
      [email],
    );
    const res = await api.client().post<{ message: string }>('/api/auth/reset-password', { token, newPassword: 'nova-senha-456' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MSG.resetTokenInvalid);
  });

  it('a reset ends the user\'s other sessions', async () => {
    const { email, client: other } = await signUpTeacher(api);
    expect((await other.get('/api/auth/user')).status).toBe(200);
    await api.client().post('/api/auth/forgot-password', { email });
    const mail = await smtp.waitFor((m) => m.envelope.to.includes(email) && /Redefinição/.test(m.parsed.subject ?? ''));
    const token = decodeURIComponent(/token=([A-Za-z0-9_-]+)/.exec(mail.parsed.text ?? '')![1]);
    await api.client().post('/api/auth/reset-password', { token, newPassword: 'nova-senha-456' });
    await waitFor(async () => (await other.get('/api/auth/user')).status === 401, { what: 'old session to end' });
  });

  it('reads the signed-in user fresh with each session (credits, role); a session whose user is gone is signed out', async () => {
    const { client, user, email } = await signUpTeacher(api);
    const sql = (text: string, params: unknown[]) => api.orm.em.fork().getConnection().execute(text, params);
    await sql(`update users set credits = 7, role = 'admin', first_name = 'Bia' where id = ?`, [user.id]);
    const me = await client.get<{ credits: number; role: string; firstName: string; email: string }>('/api/auth/user');
    expect(me.body).toMatchObject({ email, credits: 7, role: 'admin', firstName: 'Bia' });
    expect(JSON.stringify(me.body)).not.toMatch(/argon2|password/i);
    // The session row keeps only the user id.
    const sid = decodeURIComponent(client.sessionId() ?? '').slice(2).split('.')[0];
    const [row] = await sql(`select sess::text as sess from "session" where sid = ?`, [sid]);
    expect(JSON.parse((row as { sess: string }).sess).passport).toEqual({ user: user.id });

    await sql(`delete from users where id = ?`, [user.id]);
    const gone = await client.get<{ message: string }>('/api/auth/user');
    expect(gone.status).toBe(401);
    expect(gone.body.message).toBe(MSG.unauthorized);
    expect((await client.get('/api/turmas')).status).toBe(401);
  });

  it('rate-limits forgot-password per e-mail and address (more in forgot-password-limits)', async () => {
    const { email } = await signUpTeacher(api);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await api.client().post('/api/auth/forgot-password', { email })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});
