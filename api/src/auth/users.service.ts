import { ConflictException, Inject, Injectable } from '@nestjs/common';
import * as argon2 from 'argon2';
import { randomUUID } from 'node:crypto';
import { MSG, type PublicUser } from '@planejador/contracts';
import type { Settings } from '@planejador/config';
import { UsersRepository, type User } from '@planejador/db';
import { SETTINGS } from '../core/tokens';

/** argon2id with the library's defaults (OWASP-level memory cost). */
export const hashPassword = (password: string) => argon2.hash(password, { type: argon2.argon2id });

@Injectable()
export class UsersService {
  constructor(
    private readonly users: UsersRepository,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {}

  /** A user as the api shows it: one plain query (no entity hydration). */
  findPublicById(id: string): Promise<PublicUser | null> {
    return this.users.findPublicUser(id);
  }

  async register(data: { email: string; password: string; firstName?: string; lastName?: string }): Promise<User> {
    if (await this.users.emailTaken(data.email)) throw new ConflictException({ message: MSG.emailTaken });
    const passwordHash = await hashPassword(data.password);
    try {
      return await this.users.insertUser({
        email: data.email,
        passwordHash,
        firstName: data.firstName ?? null,
        lastName: data.lastName ?? null,
        // ADMIN_EMAILS grants admin only once the password is set through a mailed link (PasswordResetService).
        role: 'teacher',
      });
    } catch (err) {
      if ((err as { code?: string }).code === '23505') throw new ConflictException({ message: MSG.emailTaken });
      throw err;
    }
  }

  /** Checks the credentials; the same time is spent whether or not the e-mail exists. */
  async verify(email: string, password: string): Promise<User | null> {
    const user = await this.users.findUserByEmail(email);
    if (!user) {
      await argon2.verify(await DUMMY_HASH(), password).catch(() => false);
      return null;
    }
    const ok = await argon2.verify(user.password, password).catch(() => false);
    if (!ok) return null;
    // ADMIN_EMAILS names admins whose password was set through a link mailed to the address (the reset flow), not
    // one chosen at registration: applied at login too, so a setting change takes effect.
    if (this.settings.ADMIN_EMAILS.includes(user.email) && user.passwordSetByMailAt && user.role !== 'admin') {
      await this.users.makeAdmin(user.id);
      user.role = 'admin';
    }
    return user;
  }
}

// A hash of a random string, verified against when the e-mail is unknown (timing parity).
let dummyHash: Promise<string> | undefined;
const DUMMY_HASH = () => (dummyHash ??= hashPassword(randomUUID()));
