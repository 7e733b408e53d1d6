import crypto from 'node:crypto';
import { createRequire } from 'node:module';
import { loadSettings } from '@planejador/config';
import type { UsersRepository } from '@planejador/db';
import type { SessionCache } from './session-cache';
import { sessionMiddleware } from './session';

/** The cookie-signature express-session verifies the session cookie with. */
const signature = createRequire(require.resolve('express-session'))('cookie-signature') as {
  sign(value: string, secret: string): string;
  unsign(value: string, secret: string): string | false;
};

const SECRET = 'segredo-de-teste-com-32-caracteres-ou-mais';

describe('the session cookie check', () => {
  beforeAll(() => {
    // Installs the memo of verified cookies (the store is not used here).
    sessionMiddleware(loadSettings({ SESSION_SECRET: SECRET }), { sessionStorePool: () => ({}) } as unknown as UsersRepository, { get: () => undefined } as unknown as SessionCache);
  });

  it('answers as the HMAC does: the session id for a valid signature, every time; false for anything else', () => {
    const cookie = signature.sign('sessao-abc', SECRET);
    expect(signature.unsign(cookie, SECRET)).toBe('sessao-abc');
    const hmac = jest.spyOn(crypto, 'createHmac');
    expect(signature.unsign(cookie, SECRET)).toBe('sessao-abc');
    expect(hmac).not.toHaveBeenCalled(); // remembered: no HMAC again for the same cookie
    hmac.mockRestore();
    expect(signature.unsign(cookie, 'outro-segredo')).toBe(false);
    expect(signature.unsign(`${cookie.slice(0, -1)}x`, SECRET)).toBe(false);
    expect(signature.unsign(cookie.replace('sessao-abc', 'sessao-abd'), SECRET)).toBe(false);
    expect(signature.unsign('sessao-abc', SECRET)).toBe(false);
  });
});
