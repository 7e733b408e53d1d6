import { Injectable, UnauthorizedException } from '@nestjs/common';
import { Strategy } from 'passport-local';
import { MSG } from '@planejador/contracts';
import { toPublicUser } from '@planejador/db';
import { UsersService } from './users.service';

/**
 * E-mail and password from the body, checked by this api's UsersService. Registered on this api's own passport
 * (ApiPassport), never on passport's process-wide one: see there.
 */
@Injectable()
export class LocalStrategy extends Strategy {
  constructor(users: UsersService) {
    super({ usernameField: 'email', passwordField: 'password' }, (email, password, done) => {
      users.verify(email.trim().toLowerCase(), password).then(
        (user) => (user ? done(null, toPublicUser(user)) : done(new UnauthorizedException({ message: MSG.invalidCredentials }))),
        (err: unknown) => done(err),
      );
    });
  }
}
