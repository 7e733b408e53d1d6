import { scrubEvent } from './error-reporting';

describe('scrubEvent (what reaches Sentry)', () => {
  it('drops cookies, credentials, bodies, query strings and user data', () => {
    const event = scrubEvent({
      request: {
        url: '/api/auth/login',
        cookies: { 'planejador.sid': 's:abc' },
        data: { email: 'ana@escola.test', password: 'segredo123' },
        query_string: 'token=abc',
        headers: { cookie: 'planejador.sid=s:abc', authorization: 'Bearer x', 'user-agent': 'Chrome' },
      },
      user: { id: 'u1', email: 'ana@escola.test' },
      extra: { password: 'segredo123', planoId: 'p1' },
    });
    const text = JSON.stringify(event);
    expect(text).not.toMatch(/segredo123|ana@escola\.test|planejador\.sid|Bearer|token=abc/);
    expect(event.user).toEqual({ id: 'u1' });
    expect(event.extra).toEqual({ planoId: 'p1' });
    expect((event.request as { headers: Record<string, string> }).headers).toEqual({ 'user-agent': 'Chrome' });
  });

  it("keeps the database's message of an ORM error but not its statement and values, nor any e-mail", () => {
    const value =
      "insert into \"users\" (\"email\", \"password\") values ('ana@escola.test', '$argon2id$v=19$m=65536$hash') - duplicate key value violates unique constraint \"users_email_unique\"";
    const event = scrubEvent({ exception: { values: [{ type: 'DriverException', value }, { type: 'Error', value: 'falhou para bia@escola.test' }] } });
    const values = (event.exception as { values: { value: string }[] }).values.map((v) => v.value);
    expect(values).toEqual(['duplicate key value violates unique constraint "users_email_unique"', 'falhou para [e-mail]']);
  });
});
