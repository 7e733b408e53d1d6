import connectPgSimple from 'connect-pg-simple';
import session, { type SessionData } from 'express-session';
import type { Request } from 'express';
import type { PublicUser } from '@planejador/contracts';
import type { UsersRepository } from '@planejador/db';
import type { SessionCache } from './session-cache';

/** Where the store leaves the signed-in user for passport (a symbol: never copied into the session). */
const SESSION_USER = Symbol('planejador.sessionUser');
/** Set on a request whose session and user came from the SessionCache (not read from PostgreSQL now). */
const USER_CACHED = Symbol('planejador.userCached');

interface LoadedUser {
  user: PublicUser | null;
  cached: boolean;
}
type LoadedSession = SessionData & { [SESSION_USER]?: LoadedUser };
type RequestWithUser = Request & { [SESSION_USER]?: PublicUser | null; [USER_CACHED]?: boolean };

/**
 * connect-pg-simple's store, except that reading a session also reads its signed-in user in the same query:
 * a signed-in request costs one round trip to PostgreSQL before its handler instead of two, and none while the
 * session is in `cache` (kept exact through Redis: see SessionCache). The user goes to passport through
 * `takeSessionUser` (see serializeSessions). Writes are the library's, each announced to the cache; touch is off
 * (sessionMiddleware renews a session near its expiry by saving it).
 */
export function createSessionStore(users: UsersRepository, cache: SessionCache, options: connectPgSimple.PGStoreOptions): session.Store & { close(): void } {
  const PgStore = connectPgSimple(session);
  class SessionStore extends PgStore {
    private pruning = false;

    override get(sid: string, done: (err: unknown, session?: SessionData | null) => void): void {
      // With touch disabled, connect-pg-simple's `touch` writes nothing: it starts the store's pruning timer and
      // calls back. express-session would still call it after every request that saves nothing, with one more
      // SHA-1 of the session to decide so; the store has no `touch` (below), and the first read starts the timer
      // instead (a write or a destroy starts it too, as before).
      if (!this.pruning) {
        this.pruning = true;
        if (options.disableTouch) super.touch(sid, {} as SessionData, () => undefined);
      }
      const cached = cache.get(sid);
      if (cached) {
        const sess: LoadedSession = cached.sess;
        sess[SESSION_USER] = { user: cached.user, cached: true };
        // In the check phase: an invalidation read from Redis in the same poll as this request is applied first.
        setImmediate(() => (cache.holds(sid) ? done(null, sess) : this.get(sid, done)));
        return;
      }
      const mark = cache.mark();
      users.readSessionWithUser<SessionData>(sid).then((found) => {
        if (found === undefined) return done(null, null);
        // Gone, as connect-pg-simple does; and a session signed in before its user's password was last set (a save
        // in flight when a reset ended the user's sessions may write it back): ended for good.
        if (found === 'unreadable' || found === 'ended') return this.destroy(sid, (err) => done(err ?? null, null));
        cache.put(sid, found, mark);
        const sess: LoadedSession = found.sess;
        sess[SESSION_USER] = { user: found.user, cached: false };
        done(null, sess);
      }, done);
    }

    override set(sid: string, sess: SessionData, done?: (err?: unknown) => void): void {
      super.set(sid, sess, (err?: unknown) => announce(err, cache.invalidateSession(sid), done));
    }

    override destroy(sid: string, done?: (err?: unknown) => void): void {
      super.destroy(sid, (err?: unknown) => announce(err, cache.invalidateSession(sid), done));
    }

    /** express-session builds req.session here: the one place that sees both the loaded row and the request. */
    override createSession(req: Request, sess: LoadedSession): session.Session & Partial<SessionData> {
      const loaded = sess[SESSION_USER];
      sess[SESSION_USER] = undefined; // not a `delete`: see takeSessionUser
      if (loaded !== undefined) {
        (req as RequestWithUser)[SESSION_USER] = loaded.user;
        if (loaded.cached) (req as RequestWithUser)[USER_CACHED] = true;
      }
      return super.createSession(req, sess);
    }
  }
  const store = new SessionStore({ pool: users.sessionStorePool(), ...options });
  // express-session looks for a touch method once, when it is set up (sessionMiddleware): see `get`.
  if (options.disableTouch) Object.defineProperty(store, 'touch', { value: undefined });
  return store;
}

/**
 * Calls back once the change is announced; a failed announcement fails the write's callback (a 503 for a sign-in,
 * a logout: see SessionCache) though the row is written.
 */
function announce(err: unknown, announced: Promise<void>, done?: (err?: unknown) => void): void {
  announced.then(
    () => done?.(err),
    (failed: unknown) => done?.(err ?? failed),
  );
}

/**
 * The user read with this request's session, if it was: a user, null (the session names a user that no longer
 * exists) or undefined (not read with the session: passport must look the user up). Taken once.
 */
export function takeSessionUser(req: Request | undefined, id: string): PublicUser | null | undefined {
  if (!req) return undefined;
  const user = (req as RequestWithUser)[SESSION_USER];
  // Cleared, not deleted: a `delete` would put the request in V8's dictionary mode (slow properties).
  if (user !== undefined) (req as RequestWithUser)[SESSION_USER] = undefined;
  if (user === undefined || (user !== null && user.id !== id)) return undefined;
  return user;
}

/** The session data of a request answered from the SessionCache without express-session (see signInFromCache). */
const CACHED_SESSION = Symbol('planejador.cachedSession');
type CachedRequest = RequestWithUser & { [CACHED_SESSION]?: string };

/**
 * Puts on `req` what express-session and passport's session strategy would have put there for `sid`, a session the
 * SessionCache holds that signs `user` in: req.sessionID, req.sessionStore, req.user (marked as from the cache, as
 * then). req.session is built from `json` only if something reads it (nothing on a read request does); it is not
 * saved at the end of the request, so a request served so must not change its session (see sessionMiddleware).
 */
export function signInFromCache(req: Request, sid: string, store: session.Store, json: string, user: PublicUser): void {
  req.sessionID = sid;
  req.sessionStore = store as Request['sessionStore']; // express-session adds generate() to the store it is given
  (req as CachedRequest)[CACHED_SESSION] = json;
  Object.defineProperty(req, 'session', LAZY_SESSION);
  req.user = user;
  (req as RequestWithUser)[USER_CACHED] = true;
}

/** Whether express-session and passport's session strategy were skipped for this request (signInFromCache). */
export function signedInFromCache(req: Request): boolean {
  return (req as CachedRequest)[CACHED_SESSION] !== undefined;
}

/** One getter and setter for every request (one hidden class for all of them): see signInFromCache. */
const LAZY_SESSION: PropertyDescriptor = {
  configurable: true,
  enumerable: true,
  get(this: CachedRequest) {
    // createSession assigns req.session, which the setter below turns into a plain property.
    return this.sessionStore.createSession(this, JSON.parse(this[CACHED_SESSION] ?? '{}') as SessionData);
  },
  set(this: CachedRequest, value: unknown) {
    Object.defineProperty(this, 'session', { configurable: true, enumerable: true, writable: true, value });
  },
};

/** Whether req.user came from the SessionCache (else it was read from PostgreSQL during this request). */
export function userFromCache(req: Request): boolean {
  return (req as RequestWithUser)[USER_CACHED] === true;
}
