import { MSG } from '@planejador/contracts';
import { readRedisValues, signUpTeacher, startSharedStack, uniqueEmail, waitFor, type ManagedProcess, type SmtpCapture, type TestClient, type TestStack } from '@planejador/testing';
import { ADMIN_STACK, STACK_ADMINS } from './admin-stack';

/** The links' address: the stack's APP_URL. */
const APP_URL = ADMIN_STACK.env!.APP_URL;
const linkToken = (text: string | undefined, path: string) => {
  const match = new RegExp(`${APP_URL}${path}\\?token=([A-Za-z0-9_-]+)`).exec(text ?? '');
  if (!match) throw new Error(`no ${path} link in the e-mail`);
  return decodeURIComponent(match[1]);
};

describe('e-mail verification and token e-mails (issue 16)', () => {
  let api: TestStack;
  let smtp: SmtpCapture;
  let worker: ManagedProcess;
  const adminEmail = STACK_ADMINS.emailVerification;

  beforeAll(async () => {
    api = await startSharedStack(ADMIN_STACK);
    ({ smtp, worker } = api);
  });
  afterAll(() => api?.close());

  const confirmationMail = async (email: string) => {
    const mail = await smtp.waitFor((m) => m.envelope.to.includes(email) && /Confirme seu e-mail/.test(m.parsed.subject ?? ''));
    return linkToken(mail.parsed.text, '/verificar-email');
  };
  const me = async (client: TestClient) => (await client.get<{ role: string; emailVerificado: boolean }>('/api/auth/user')).body;

  const adminOnly = async (client: TestClient) => [
    (await client.get('/admin/queues/api/queues', { accept: 'application/json' })).status,
    (await client.get('/api/admin/email-logs')).status,
  ];

  it('an ADMIN_EMAILS address registered by anyone and confirmed is no admin; a password set through the mailed reset link makes it one at once, ending the other sessions', async () => {
    // Anyone registers the address with their own password; the owner (or a mail scanner) confirms it.
    const { client: intruder, user, email } = await signUpTeacher(api, { email: adminEmail });
    expect(user).toMatchObject({ role: 'teacher', emailVerificado: false });
    expect(await adminOnly(intruder)).toEqual([403, 403]);
    const token = await confirmationMail(email);
    const res = await api.client().post<{ message: string }>('/api/auth/verify-email', { token });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(MSG.verifyEmailSuccess);
    expect(await me(intruder)).toMatchObject({ role: 'teacher', emailVerificado: true });
    expect(await adminOnly(intruder)).toEqual([403, 403]);
    // Signing in again does not grant it either.
    const again = api.client();
    expect((await again.post<{ role: string }>('/api/login', { email, password: 'senha-segura-123' })).body.role).toBe('teacher');
    expect(await adminOnly(again)).toEqual([403, 403]);

    const twice = await intruder.post<{ message: string }>('/api/auth/verify-email', { token });
    expect(twice.status).toBe(400);
    expect(twice.body.message).toBe(MSG.verifyEmailTokenInvalid);

    // The owner sets a password through the link mailed to the address: admin from the next sign-in on, and the
    // sessions opened with the registration's password are over.
    await api.client().post('/api/auth/forgot-password', { email });
    const mail = await smtp.waitFor((m) => m.envelope.to.includes(email) && /Redefinição/.test(m.parsed.subject ?? ''));
    const resetToken = linkToken(mail.parsed.text, '/reset-password');
    expect((await api.client().post('/api/auth/reset-password', { token: resetToken, newPassword: 'senha-do-dono-1' })).status).toBe(200);
    expect((await intruder.get('/api/auth/user')).status).toBe(401);
    expect((await again.get('/api/auth/user')).status).toBe(401);
    const owner = api.client();
    expect((await owner.post<{ role: string }>('/api/login', { email, password: 'senha-do-dono-1' })).body.role).toBe('admin');
    expect(await adminOnly(owner)).toEqual([200, 200]);
    expect((await api.client().post('/api/login', { email, password: 'senha-segura-123' })).status).toBe(401);
  });

  it('a teacher confirms too (no admin); unknown and expired links are refused', async () => {
    const { client, email } = await signUpTeacher(api);
    const token = await confirmationMail(email);
    expect((await client.post('/api/auth/verify-email', { token: 'nao-existe' })).status).toBe(400);
    await api.orm.em.fork().getConnection().execute(
      `update email_verification_tokens set expires_at = now() - interval '1 minute' where user_id = (select id from users where email = ?)`,
      [email],
    );
    const expired = await client.post<{ message: string }>('/api/auth/verify-email', { token });
    expect(expired.status).toBe(400);
    expect(expired.body.message).toBe(MSG.verifyEmailTokenInvalid);
    expect(await me(client)).toMatchObject({ role: 'teacher', emailVerificado: false });

    // A new link from the dashboard works (the record is good for 24 hours).
    expect((await client.post<{ message: string }>('/api/auth/resend-verification')).body.message).toBe(MSG.verifyEmailSent);
    const fresh = await waitFor(async () => {
      const mails = smtp.messages.filter((m) => m.envelope.to.includes(email));
      return mails.length >= 2 ? linkToken(mails[mails.length - 1].parsed.text, '/verificar-email') : null;
    }, { what: 'second confirmation e-mail' });
    const [row] = await api.orm.em.fork().getConnection().execute<{ hours: number }[]>(
      `select extract(epoch from expires_at - created_at) / 3600 as hours from email_verification_tokens
        where user_id = (select id from users where email = ?) order by created_at desc limit 1`,
      [email],
    );
    expect(Math.round(Number(row.hours))).toBe(24);
    expect((await client.post('/api/auth/verify-email', { token: fresh })).status).toBe(200);
    expect(await me(client)).toMatchObject({ role: 'teacher', emailVerificado: true });
    expect((await client.post<{ message: string }>('/api/auth/resend-verification')).body.message).toBe(MSG.verifyEmailAlready);
  });

  it('resending is for signed-in users and rate-limited; at most 3 confirmation mails an hour go to one address', async () => {
    expect((await api.client().post('/api/auth/resend-verification')).status).toBe(401);
    const { client, user } = await signUpTeacher(api);
    const answers: [number, string][] = [];
    for (let i = 0; i < 4; i++) {
      const res = await client.post<{ message: string }>('/api/auth/resend-verification');
      answers.push([res.status, res.body.message]);
    }
    // The sign-up's mail and two more: the third resend is answered the same, and nothing is sent.
    expect(answers).toEqual([[200, MSG.verifyEmailSent], [200, MSG.verifyEmailSent], [200, MSG.verifyEmailSent], [429, MSG.rateLimited]]);
    const [row] = await api.orm.em.fork().getConnection().execute<{ n: string }[]>(
      `select count(*) as n from email_verification_tokens where user_id = ?`,
      [user.id],
    );
    expect(Number(row.n)).toBe(3);
  });

  it('a reset or confirmation token exists in plaintext only in the e-mail: not in job data, Redis or the worker log', async () => {
    const { email } = await signUpTeacher(api);
    await api.client().post('/api/auth/forgot-password', { email });
    const mail = await smtp.waitFor((m) => m.envelope.to.includes(email) && /Redefinição/.test(m.parsed.subject ?? ''));
    const resetToken = linkToken(mail.parsed.text, '/reset-password');
    const confirmToken = await confirmationMail(email);
    const values = await readRedisValues(process.env.REDIS_URL!, api.queuePrefix);
    expect(values.length).toBeGreaterThan(0);
    const jobs = values.filter((v) => v.part === 'data').map((v) => v.value.toString());
    expect(jobs).toEqual(expect.arrayContaining([expect.stringMatching(/"kind":"password-reset","tokenId":"[0-9a-f-]{36}"/)]));
    for (const token of [resetToken, confirmToken]) {
      expect(values.filter((v) => v.value.includes(token)).map((v) => v.key)).toEqual([]);
      expect(worker.output.filter((line) => line.includes(token))).toEqual([]);
    }
    // And the stored hash is not the token.
    const [stored] = await api.orm.em.fork().getConnection().execute<{ token_hash: string }[]>(
      `select token_hash from password_reset_tokens where user_id = (select id from users where email = ?)`,
      [email],
    );
    expect(stored.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.token_hash).not.toBe(resetToken);
    expect((await api.client().post('/api/auth/reset-password', { token: resetToken, newPassword: 'nova-senha-456' })).status).toBe(200);
  });

  it('forgot-password takes about the same time for an unknown e-mail as for a known one', async () => {
    const { email } = await signUpTeacher(api);
    const time = async (address: string) => {
      const started = process.hrtime.bigint();
      const res = await api.client().post('/api/auth/forgot-password', { email: address });
      expect(res.status).toBe(200);
      return Number(process.hrtime.bigint() - started) / 1e6;
    };
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const known: number[] = [];
    const unknown: number[] = [];
    // RATE_LIMIT_FORGOT (5 per e-mail by default): three of each.
    for (let i = 0; i < 3; i++) {
      known.push(await time(email));
      unknown.push(await time(uniqueEmail('ninguem')));
    }
    const [k, u] = [median(known), median(unknown)];
    expect(Math.max(k, u) / Math.min(k, u)).toBeLessThan(1.25);
  });
});
