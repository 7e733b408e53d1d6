import { Injectable } from '@nestjs/common';
import type { Request } from 'express';
import passport from 'passport';
import type { PublicUser } from '@planejador/contracts';
import { takeSessionUser } from './session-store';
import { UsersService } from './users.service';

/**
 * The session keeps only the user id; each request has the user fresh from the database (credits and role
 * stay current): read with the session itself (one query), else looked up here.
 */
@Injectable()
export class SessionSerializer {
  constructor(private readonly users: UsersService) {
    passport.serializeUser((user, done) => done(null, (user as PublicUser).id));
    // Three parameters: passport passes the request.
    passport.deserializeUser((req: Request, id: string, done: (err: unknown, user?: PublicUser | false) => void) => {
      const withSession = takeSessionUser(req, id);
      if (withSession !== undefined) return done(null, withSession ?? false);
      this.users
        .findPublicById(id)
        .then((user) => done(null, user ?? false))
        .catch((err) => done(err));
    });
  }
}
