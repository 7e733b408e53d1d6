import { MSG } from '@planejador/contracts';
import { signUpTeacher, startSharedStack, uniqueEmail, type TestStack } from '@planejador/testing';

const FLOOR_MS = 150;

/**
 * Forgot-password counts per (e-mail, client address) and per address, as the login does: a stranger cannot keep a
 * teacher from asking for a reset link (issue: it was counted per e-mail alone).
 */
describe('forgot-password limits: per (e-mail, address) and per address, never the owner elsewhere', () => {
  let api: TestStack;

  beforeAll(async () => {
    // Limits that start from zero: a profile of its own (its low RATE_LIMIT_FORGOT makes it one).
    api = await startSharedStack({
      ai: 'offline',
      env: { TRUST_PROXY: 'true', RATE_LIMIT_FORGOT: '3', FORGOT_PASSWORD_FLOOR_MS: String(FLOOR_MS) },
    });
  });
  afterAll(() => api?.close());

  const forgot = (from: string, email: string) =>
    api.client({ 'x-forwarded-for': from }).post<{ message: string }>('/api/auth/forgot-password', { email });

  /** The reset tokens stored for the user (one per request the api honoured). */
  async function resetTokens(userId: string): Promise<number> {
    const rows = await api.orm.em.fork().getConnection().execute<{ n: string }[]>(
      `select count(*) as n from password_reset_tokens where user_id = ?`,
      [userId],
    );
    return Number(rows[0].n);
  }

  it("a stranger who asks for a teacher's reset again and again is held back; the teacher is still answered", async () => {
    const { email, user } = await signUpTeacher(api);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await forgot('203.0.113.5', email)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    // The same e-mail in other letters is the same e-mail.
    const held = await forgot('203.0.113.5', email.toUpperCase());
    expect(held.status).toBe(429);
    expect(held.body.message).toBe(MSG.rateLimited);
    expect(Number(held.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(await resetTokens(user.id)).toBe(3);

    // The teacher, from another address: asked and answered as ever (the three links already sent are in the
    // mailbox; a fourth this hour would be past the cap of mails to one address).
    const own = await forgot('198.51.100.7', email);
    expect(own.status).toBe(200);
    expect(own.body.message).toBe(MSG.forgotPasswordSent);
    expect(await resetTokens(user.id)).toBe(3);
  });

  it('sends at most 3 reset mails to one address an hour, whoever asks: past that the same answer, nothing sent', async () => {
    const { email, user } = await signUpTeacher(api);
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push((await forgot(`198.51.100.${20 + i}`, i % 2 ? email.toUpperCase() : email)).body);
    expect(answers).toEqual(Array(6).fill({ message: MSG.forgotPasswordSent }));
    expect(await resetTokens(user.id)).toBe(3);
    // Another address is counted apart.
    const other = await signUpTeacher(api);
    expect((await forgot('198.51.100.40', other.email)).status).toBe(200);
    expect(await resetTokens(other.user.id)).toBe(1);
  });

  it('IPv6 clients count by their /64', async () => {
    const { email } = await signUpTeacher(api);
    for (let i = 0; i < 3; i++) expect((await forgot(`2001:db8:5:6::${i + 1}`, email)).status).toBe(200);
    expect((await forgot('2001:db8:5:6:ffff::9', email)).status).toBe(429);
    expect((await forgot('2001:db8:5:7::1', email)).status).toBe(200);
  });

  it('every request counts per address too, whichever e-mail it names (known or not)', async () => {
    const statuses: number[] = [];
    // RATE_LIMIT_FORGOT * 3 requests per address and window.
    for (let i = 0; i < 10; i++) statuses.push((await forgot('192.0.2.77', uniqueEmail('esqueci'))).status);
    expect(statuses.slice(0, 9)).toEqual(Array(9).fill(200));
    expect(statuses[9]).toBe(429);
    expect((await forgot('192.0.2.78', uniqueEmail('esqueci'))).status).toBe(200);
  });

  it('answers an unknown e-mail as a known one: the same message, no sooner than the floor', async () => {
    const { email } = await signUpTeacher(api);
    const timed = async (from: string, address: string) => {
      const started = performance.now();
      const res = await forgot(from, address);
      return { status: res.status, message: res.body.message, ms: performance.now() - started };
    };
    const known = await timed('192.0.2.90', email);
    const unknown = await timed('192.0.2.91', uniqueEmail('ninguem'));
    expect({ status: unknown.status, message: unknown.message }).toEqual({ status: known.status, message: known.message });
    expect(known.message).toBe(MSG.forgotPasswordSent);
    for (const res of [known, unknown]) expect(res.ms).toBeGreaterThanOrEqual(FLOOR_MS - 5);
  });
});
