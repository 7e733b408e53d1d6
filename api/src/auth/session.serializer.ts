import { Injectable } from '@nestjs/common';
import { PassportSerializer } from '@nestjs/passport';
import type { PublicUser } from '@planejador/contracts';
import { UsersService } from './users.service';

/** The session keeps only the user id; each request reloads the user (credits and role stay fresh). */
@Injectable()
export class SessionSerializer extends PassportSerializer {
  constructor(private readonly users: UsersService) {
    super();
  }

  serializeUser(user: PublicUser, done: (err: Error | null, id?: string) => void): void {
    done(null, user.id);
  }

  deserializeUser(id: string, done: (err: unknown, user?: PublicUser | false) => void): void {
    this.users
      .findPublicById(id)
      .then((user) => done(null, user ?? false))
      .catch((err) => done(err));
  }
}
