import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import type { Request, RequestHandler } from 'express';
import session from 'express-session';
import { appUrl, type Settings } from '@planejador/config';
import type { UsersRepository } from '@planejador/db';
import type { SessionCache } from './session-cache';
import { createSessionStore, signedInFromCache, signInFromCache } from './session-store';

export const SESSION_COOKIE = 'planejador.sid';

const SESSION_MAX_AGE_MS = 7 * 24 * 3600 * 1000;
/** A session with less than this left is renewed (saved with a new expiry, and a new cookie) by the request. */
export const SESSION_RENEW_BELOW_MS = SESSION_MAX_AGE_MS / 2;

declare module 'express-session' {
  interface SessionData {
    /** When the session was last renewed near its expiry (ms since the epoch). */
    renewedAt?: number;
    /**
     * When its user signed in (ms since the epoch, the api's clock): a session signed in before the user's password
     * was last set through a mailed link is ended when read (see readSessionWithUser).
     */
    signedInAt?: number;
    /** passport's: the signed-in user's id. */
    passport?: { user?: string };
  }
}

/** The session middlewares of an api (one secret, one store, one SessionCache). */
export interface ApiSessions {
  /** express-session on the store: socket.io's handshake, and every HTTP request `http` does not answer itself. */
  session: RequestHandler;
  /**
   * The HTTP app's: a read (GET or HEAD) whose signed session the SessionCache holds, signed in and not near its
   * expiry, is signed in from the cache (signInFromCache) without express-session and passport's session strategy
   * (skipSessionStrategy), which would only rebuild, hash and compare a session that the read does not change
   * (issue 19); everything else goes through `session`. So a GET or HEAD route never changes its session.
   */
  http: RequestHandler;
  /** Stops the store's pruning timer (the app is closing: its database pool is about to end). */
  close(): void;
}

/**
 * Sessions in PostgreSQL (kept by `cache` between their changes): httpOnly, SameSite=Lax cookie, Secure over https,
 * 7 days. No write per read: a session is written when it changes, and otherwise only once its expiry is near
 * (under half its 7 days left), when the request renews it for another 7 days.
 */
export function sessionMiddleware(settings: Settings, users: UsersRepository, cache: SessionCache): ApiSessions {
  const secret = settings.SESSION_SECRET ?? randomBytes(32).toString('hex');
  const signature = rememberVerifiedCookies();
  const store = createSessionStore(users, cache, { tableName: 'session', createTableIfMissing: false, pruneSessionInterval: 15 * 60, disableTouch: true });
  const handler = session({
    name: SESSION_COOKIE,
    secret,
    store,
    resave: false,
    saveUninitialized: false,
    rolling: false,
    cookie: {
      httpOnly: true,
      sameSite: 'lax',
      // Secure when the site is served over https (APP_URL): a production install behind TLS never sends the
      // session over plain http, and one reached at http://localhost (docker compose as it comes) still signs in.
      secure: servedOverHttps(settings),
      maxAge: SESSION_MAX_AGE_MS,
    },
  });
  const viaStore: RequestHandler = (req, res, next) =>
    handler(req, res, (err?: unknown) => {
      if (!err) renewNearExpiry(req);
      next(err);
    });
  /** The held session a read request may be signed in from, if any (undefined: go through the store). */
  const heldForRead = (req: Request) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return undefined;
    const sid = signedSessionId(req.headers.cookie, secret, signature);
    const held = sid === undefined ? undefined : cache.signedIn(sid);
    return held && held.expires - Date.now() >= SESSION_RENEW_BELOW_MS ? { sid: sid!, held } : undefined;
  };
  const http: RequestHandler = (req, res, next) => {
    const found = heldForRead(req);
    if (!found) return viaStore(req, res, next);
    // In the check phase, as SessionCache's own reads: an invalidation read from Redis in the same poll as this
    // request (a logout or a reset on another api process) is applied first.
    setImmediate(() => {
      const held = cache.signedIn(found.sid);
      if (!held || held.user.id !== found.held.user.id) return viaStore(req, res, next);
      signInFromCache(req, found.sid, store, held.json, held.user);
      next();
    });
  };
  return { session: viaStore, http, close: () => store.close() };
}

/** passport's session strategy, except for a request signed in from the SessionCache (it has req.user already). */
export function skipSessionStrategy(strategy: RequestHandler): RequestHandler {
  return (req, res, next) => (signedInFromCache(req) ? next() : strategy(req, res, next));
}

/**
 * The session id of the request's session cookie as express-session reads it (the first cookie of that name,
 * 's:' and a valid signature), or undefined.
 */
function signedSessionId(header: string | undefined, secret: string, signature: CookieSignature): string | undefined {
  if (!header) return undefined;
  const raw = cookies.parse(header)[SESSION_COOKIE];
  if (!raw?.startsWith('s:')) return undefined;
  const sid = signature.unsign(raw.slice(2), secret);
  return sid === false ? undefined : sid;
}

/**
 * A signed-in session under SESSION_RENEW_BELOW_MS from its expiry gets 7 more days: its cookie's expiry is reset
 * and the session marked changed, so express-session saves it and sends the new cookie when the answer goes.
 */
function renewNearExpiry(req: Request): void {
  const sess = req.session;
  const expires = sess?.cookie?.expires;
  if (!sess?.passport?.user || !expires) return;
  const now = Date.now();
  if (expires.getTime() - now >= SESSION_RENEW_BELOW_MS) return;
  sess.touch();
  sess.renewedAt = now;
}

/** What a production api without https logs at start. */
export const PLAIN_HTTP_WARNING =
  'APP_URL não é https: o cookie de sessão vai sem Secure. Atrás de um proxy com TLS, defina APP_URL=https://... e TRUST_PROXY=true.';

/** The public address (APP_URL) is https: cookies are Secure and the page upgrades http sub-requests. */
export function servedOverHttps(settings: Settings): boolean {
  return appUrl(settings).startsWith('https:');
}

/** A module as express-session requires it (its own copies of cookie and cookie-signature). */
const fromExpressSession = createRequire(require.resolve('express-session'));

/** express-session's cookie parser. */
const cookies = fromExpressSession('cookie') as { parse(header: string): Record<string, string | undefined> };

/** express-session's copy of cookie-signature: the one that verifies the session cookie on every request. */
interface CookieSignature {
  unsign(value: string, secret: string): string | false;
}

/** Marks express-session's cookie-signature once it remembers verified cookies. */
const REMEMBERS = Symbol('planejador.remembersVerifiedCookies');

/** How many verified cookies each secret remembers (the SessionCache holds as many sessions). */
const VERIFIED_COOKIES_MAX = 10_000;

/**
 * express-session checks the session cookie's HMAC-SHA256 on every request (and compares two SHA-1s of it): the
 * same cookie, the same secret, the same answer. Its cookie-signature's `unsign` remembers the cookies it verified
 * (per secret, the newest VERIFIED_COOKIES_MAX), so a signed-in browser's next requests take the session id from
 * here. Only a valid signature is remembered, keyed by the whole signed value: anything else is verified as
 * before. A pure function's memo: logout and revocation work on the session itself (the store and the
 * SessionCache), whose id this only reads from the cookie. Installed once per process.
 */
function rememberVerifiedCookies(): CookieSignature {
  const signature = fromExpressSession('cookie-signature') as CookieSignature & { [REMEMBERS]?: true };
  if (signature[REMEMBERS]) return signature;
  const verify = signature.unsign.bind(signature);
  const bySecret = new Map<string, Map<string, string>>();
  signature.unsign = (value, secret) => {
    let verified = bySecret.get(secret);
    const known = verified?.get(value);
    if (known !== undefined) return known;
    const sid = verify(value, secret);
    if (sid === false || typeof value !== 'string' || typeof secret !== 'string') return sid;
    if (!verified) bySecret.set(secret, (verified = new Map()));
    if (verified.size >= VERIFIED_COOKIES_MAX) verified.delete(verified.keys().next().value!);
    verified.set(value, sid);
    return sid;
  };
  signature[REMEMBERS] = true;
  return signature;
}
