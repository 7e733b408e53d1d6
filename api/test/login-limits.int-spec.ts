import { MSG } from '@planejador/contracts';
import { PASSWORD, registerTeacher, signUpTeacher, startSharedStack, uniqueEmail, type TestStack } from '@planejador/testing';

describe('failed logins slow down the pair (e-mail, address), never the owner elsewhere (issue 16)', () => {
  let api: TestStack;

  beforeAll(async () => {
    api = await startSharedStack({ ai: 'offline', env: { TRUST_PROXY: 'true', RATE_LIMIT_LOGIN: '3' } });
  });
  afterAll(async () => {
    await api?.close();
  });

  const login = (from: string, email: string, password: string) =>
    api.client({ 'x-forwarded-for': from }).post<{ message: string }>('/api/login', { email, password });

  it('a stranger who guesses wrong is held back; the owner signs in from another address at once', async () => {
    const { email } = await signUpTeacher(api);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await login('203.0.113.5', email, 'errada')).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
    const held = await login('203.0.113.5', email, PASSWORD);
    expect(held.status).toBe(429);
    expect(held.body.message).toBe(MSG.rateLimited);
    expect(Number(held.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    // The owner, elsewhere: not locked out.
    expect((await login('198.51.100.7', email, PASSWORD)).status).toBe(200);
  });

  it('the delay grows with each further failure', async () => {
    const { email } = await signUpTeacher(api);
    for (let i = 0; i < 3; i++) await login('203.0.113.9', email, 'errada');
    const first = Number((await login('203.0.113.9', email, 'errada')).headers.get('retry-after'));
    // Wait the delay out (bounded: the first delay is one second), then fail again: a longer delay.
    await new Promise((resolve) => setTimeout(resolve, first * 1000 + 100));
    expect((await login('203.0.113.9', email, 'errada')).status).toBe(401);
    const second = Number((await login('203.0.113.9', email, PASSWORD)).headers.get('retry-after'));
    expect(second).toBeGreaterThan(first);
  });

  it('IPv6 clients count by their /64', async () => {
    const { email } = await signUpTeacher(api);
    for (let i = 0; i < 3; i++) expect((await login(`2001:db8:1:2::${i + 1}`, email, 'errada')).status).toBe(401);
    expect((await login('2001:db8:1:2:ffff::9', email, PASSWORD)).status).toBe(429);
    expect((await login('2001:db8:1:3::1', email, PASSWORD)).status).toBe(200);
  });

  it('without TRUST_PROXY a client cannot pick its address with X-Forwarded-For', async () => {
    const direct = await startSharedStack({ ai: 'offline', env: { RATE_LIMIT_LOGIN: '3' } });
    try {
      const { email } = await signUpTeacher(direct);
      const statuses: number[] = [];
      // Each try claims another address; all of them are the same socket address to the api.
      for (let i = 0; i < 4; i++) {
        const res = await direct.client({ 'x-forwarded-for': `203.0.113.${i + 1}` }).post('/api/login', { email, password: 'errada' });
        statuses.push(res.status);
      }
      expect(statuses).toEqual([401, 401, 401, 429]);
    } finally {
      await direct.close();
    }
  });

  it('every attempt counts per address too, across accounts', async () => {
    const accounts = await Promise.all([signUpTeacher(api), signUpTeacher(api), signUpTeacher(api)]);
    const statuses: number[] = [];
    // RATE_LIMIT_LOGIN * 3 attempts per address and window, whichever e-mail they name.
    for (let i = 0; i < 10; i++) statuses.push((await login('192.0.2.77', accounts[i % 3].email, 'errada')).status);
    expect(statuses.slice(0, 9).every((s) => s === 401)).toBe(true);
    expect(statuses[9]).toBe(429);
    expect((await login('192.0.2.78', accounts[0].email, PASSWORD)).status).toBe(200);
  });

  /** A new teacher, signed up from an address of its own (sign-ups are limited per address too). */
  let signUps = 0;
  const newTeacher = () => registerTeacher(api.client({ 'x-forwarded-for': `198.18.0.${(signUps += 1)}` }));

  it('successful sign-ins never count per address: only failures do', async () => {
    const accounts = [await newTeacher(), await newTeacher(), await newTeacher()];
    // Many teachers of one school, behind one address, sign in: more than the per-address limit.
    const signIns: number[] = [];
    for (let i = 0; i < 15; i++) signIns.push((await login('192.0.2.90', accounts[i % 3].email, PASSWORD)).status);
    expect(signIns).toEqual(Array(15).fill(200));
    // Failures still count: RATE_LIMIT_LOGIN * 3 of them per address and window.
    const failures: number[] = [];
    for (let i = 0; i < 10; i++) failures.push((await login('192.0.2.90', accounts[i % 3].email, 'errada')).status);
    expect(failures).toEqual([...Array(9).fill(401), 429]);
  });

  it("a browser that signed in to the account before is not held back by a stranger's 30 failed tries at the same address", async () => {
    const { email } = await newTeacher();
    const other = await newTeacher();
    const school = '192.0.2.120';
    // The owner signs in once in this browser: it gets a signed, long-lived device cookie (sent back only to the sign-in).
    const ownBrowser = api.client({ 'x-forwarded-for': school });
    const first = await ownBrowser.post('/api/login', { email, password: PASSWORD });
    expect(first.status).toBe(200);
    const device = first.headers.getSetCookie().find((c) => c.startsWith('planejador.device='));
    expect(device?.split(';').map((p) => p.trim().toLowerCase())).toEqual(expect.arrayContaining(['path=/api/login', 'httponly', 'samesite=lax']));
    expect(device).toMatch(/max-age=\d{7,}/i);

    // A stranger at the same address: two guesses at the owner's password, then 28 at other accounts.
    const stranger: number[] = [];
    for (let i = 0; i < 30; i++) stranger.push((await login(school, i < 2 ? email : uniqueEmail('alvo'), 'errada')).status);
    expect(stranger.slice(0, 9)).toEqual(Array(9).fill(401));
    expect(stranger.slice(9)).toEqual(Array(21).fill(429));

    // The owner, in the browser that signed in before: in at once. Another browser at that address is held back.
    expect((await ownBrowser.post('/api/login', { email, password: PASSWORD })).status).toBe(200);
    expect((await login(school, email, PASSWORD)).status).toBe(429);
    // The cookie is for that account only: another account in the same browser is held back like anyone there.
    expect((await ownBrowser.post('/api/login', { email: other.email, password: PASSWORD })).status).toBe(429);
    // A forged or other-account cookie does not pass either.
    const forged = api.client({ 'x-forwarded-for': school, cookie: 'planejador.device=abc.ZmFrZQ' });
    expect((await forged.post('/api/login', { email, password: PASSWORD })).status).toBe(429);
    // The owner's own wrong passwords in that browser are still slowed down, per device.
    const own: number[] = [];
    for (let i = 0; i < 4; i++) own.push((await ownBrowser.post('/api/login', { email, password: 'errada' })).status);
    expect(own).toEqual([401, 401, 401, 429]);
  });
});
