import type { Request } from 'express';
import type { Authenticator } from 'passport';
import type { PublicUser } from '@planejador/contracts';
import { takeSessionUser } from '../fast-path/session-store';
import type { UsersService } from './users.service';

/**
 * The session keeps only the user id; each request has the user as read with the session itself (one query, or
 * none while the session is in the SessionCache), else looked up here. Routes that need the user's credits, role
 * or confirmation as they are now read it again (SessionUsers).
 */
export function serializeSessions(passport: Pick<Authenticator, 'serializeUser' | 'deserializeUser'>, users: UsersService): void {
  passport.serializeUser((user, done) => done(null, (user as PublicUser).id));
  // Three parameters: passport passes the request.
  passport.deserializeUser((req: Request, id: string, done: (err: unknown, user?: PublicUser | false) => void) => {
    const withSession = takeSessionUser(req, id);
    if (withSession !== undefined) return done(null, withSession ?? false);
    users
      .findPublicById(id)
      .then((user) => done(null, user ?? false))
      .catch((err) => done(err));
  });
}
