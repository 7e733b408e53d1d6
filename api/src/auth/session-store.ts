import connectPgSimple from 'connect-pg-simple';
import session, { type SessionData } from 'express-session';
import type { Request } from 'express';
import type { Pool } from 'pg';
import type { PublicUser } from '@planejador/contracts';
import { PUBLIC_USER_COLUMNS, toPublicUser, type PublicUserRow } from './public-user';

/** Where the store leaves the signed-in user for passport (a symbol: never copied into the session). */
const SESSION_USER = Symbol('planejador.sessionUser');

type LoadedSession = SessionData & { [SESSION_USER]?: PublicUser | null };
type RequestWithUser = Request & { [SESSION_USER]?: PublicUser | null };

// The user row's columns, prefixed so they cannot clash with the session's.
const USER_SELECT = PUBLIC_USER_COLUMNS.map((c) => `u.${c} as u_${c}`).join(', ');
const UUID = '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';

/**
 * connect-pg-simple's store, except that reading a session also reads its signed-in user in the same query:
 * a signed-in request costs one round trip to PostgreSQL before its handler instead of two. The user goes to
 * passport through `takeSessionUser` (see SessionSerializer); writes, touch and pruning are the library's.
 */
export function createSessionStore(pool: Pool, options: connectPgSimple.PGStoreOptions): session.Store {
  const PgStore = connectPgSimple(session);
  class SessionStore extends PgStore {
    override get(sid: string, done: (err: unknown, session?: SessionData | null) => void): void {
      pool
        .query<{ sess: SessionData | string } & Record<string, unknown>>({
          name: 'session-with-user',
          text: `select s.sess, ${USER_SELECT}
                   from "session" s
                   left join users u on u.id = case when s.sess #>> '{passport,user}' ~ '${UUID}'
                                                    then (s.sess #>> '{passport,user}')::uuid end
                  where s.sid = $1 and s.expire >= to_timestamp($2)`,
          values: [sid, Date.now() / 1000],
        })
        .then(({ rows }) => {
          const row = rows[0];
          if (!row) return done(null, null);
          let sess: LoadedSession;
          try {
            sess = typeof row.sess === 'string' ? JSON.parse(row.sess) : row.sess;
          } catch {
            // Unreadable: gone, as connect-pg-simple does.
            return this.destroy(sid, (err) => done(err ?? null, null));
          }
          sess[SESSION_USER] = row.u_id ? toPublicUser(userColumns(row)) : null;
          done(null, sess);
        }, done);
    }

    /** express-session builds req.session here: the one place that sees both the loaded row and the request. */
    override createSession(req: Request, sess: LoadedSession): session.Session & Partial<SessionData> {
      const user = sess[SESSION_USER];
      delete sess[SESSION_USER];
      if (user !== undefined) (req as RequestWithUser)[SESSION_USER] = user;
      return super.createSession(req, sess);
    }
  }
  return new SessionStore({ pool, ...options });
}

/**
 * The user read with this request's session, if it was: a user, null (the session names a user that no longer
 * exists) or undefined (not read with the session: passport must look the user up). Taken once.
 */
export function takeSessionUser(req: Request | undefined, id: string): PublicUser | null | undefined {
  if (!req) return undefined;
  const user = (req as RequestWithUser)[SESSION_USER];
  delete (req as RequestWithUser)[SESSION_USER];
  if (user === undefined || (user !== null && user.id !== id)) return undefined;
  return user;
}

function userColumns(row: Record<string, unknown>): PublicUserRow {
  const user: Record<string, unknown> = {};
  for (const c of PUBLIC_USER_COLUMNS) user[c] = row[`u_${c}`];
  return user as PublicUserRow;
}
