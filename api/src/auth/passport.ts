import { Injectable, UnauthorizedException } from '@nestjs/common';
import type { Request, RequestHandler, Response } from 'express';
import passport from 'passport';
import type { PublicUser } from '@planejador/contracts';
import { LocalStrategy } from './local.strategy';
import { serializeSessions } from './session.serializer';
import { UsersService } from './users.service';

/**
 * This api's own passport: its 'local' strategy, its session (de)serializers, and the session manager behind
 * req.logIn and req.logout (the middlewares of initialize() and session() put it on each request). passport's
 * default export is one per process: with several apps in a process (the tests), the last one created would own
 * the 'local' strategy and the first one the serializers, each reading through its own ORM and pool, which other
 * apps would then use, closed or not.
 */
@Injectable()
export class ApiPassport {
  private readonly passport = new passport.Passport();

  constructor(strategy: LocalStrategy, users: UsersService) {
    this.passport.use('local', strategy);
    serializeSessions(this.passport, users);
  }

  /** Puts this passport's session manager (req.logIn, req.logout) and req.isAuthenticated on the request. */
  initialize(): RequestHandler {
    return this.passport.initialize();
  }

  /** req.user from the session (see serializeSessions). */
  session(): RequestHandler {
    return this.passport.session();
  }

  /** The user whose e-mail and password the body holds; UnauthorizedException otherwise. Logs nobody in. */
  checkCredentials(req: Request, res: Response): Promise<PublicUser> {
    return new Promise((resolve, reject) => {
      const settle = (err: unknown, user?: PublicUser | false) => (err || !user ? reject(err || new UnauthorizedException()) : resolve(user));
      this.passport.authenticate('local', { session: false }, settle)(req, res, (err?: unknown) => settle(err ?? new UnauthorizedException()));
    });
  }
}

/**
 * Signs `user` in on this request's session, noting when (`signedInAt`); passport gives it a new session id
 * (session fixation) and ends the old one. Resolves with the id of the signed-in session it so replaced (whose
 * sockets must close), else null.
 */
export function logIn(req: Request, user: PublicUser): Promise<string | null> {
  const previous = req.isAuthenticated?.() ? req.sessionID : undefined;
  return new Promise((resolve, reject) =>
    req.logIn(user, (err) => {
      if (err) return reject(err);
      // Saved with the answer (express-session saves a changed session before it ends the response).
      req.session.signedInAt = Date.now();
      resolve(previous && previous !== req.sessionID ? previous : null);
    }),
  );
}
