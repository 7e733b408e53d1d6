import { EntityManager } from '@mikro-orm/postgresql';
import { ConflictException, Inject, Injectable } from '@nestjs/common';
import * as argon2 from 'argon2';
import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import { MSG, type PublicUser } from '@planejador/contracts';
import type { Settings } from '@planejador/config';
import { User } from '@planejador/db';
import { PG_POOL, SETTINGS } from '../core/tokens';

/** argon2id with the library's defaults (OWASP-level memory cost). */
export const hashPassword = (password: string) => argon2.hash(password, { type: argon2.argon2id });

@Injectable()
export class UsersService {
  constructor(
    private readonly em: EntityManager,
    @Inject(SETTINGS) private readonly settings: Settings,
    @Inject(PG_POOL) private readonly pool: Pool,
  ) {}

  /** The signed-in user of each request: one plain query (no entity hydration) on the hot path. */
  async findPublicById(id: string): Promise<PublicUser | null> {
    const { rows } = await this.pool.query<{
      id: string; email: string; first_name: string | null; last_name: string | null; profile_image_url: string | null;
      credits: number; role: PublicUser['role']; created_at: Date; updated_at: Date;
    }>(
      `select id, email, first_name, last_name, profile_image_url, credits, role, created_at, updated_at from users where id = $1`,
      [id],
    );
    const u = rows[0];
    if (!u) return null;
    return {
      id: u.id,
      email: u.email,
      firstName: u.first_name,
      lastName: u.last_name,
      profileImageUrl: u.profile_image_url,
      credits: u.credits,
      role: u.role,
      createdAt: u.created_at.toISOString(),
      updatedAt: u.updated_at.toISOString(),
    };
  }

  async register(data: { email: string; password: string; firstName?: string; lastName?: string }): Promise<User> {
    const em = this.em.fork();
    const exists = await em.count(User, { email: data.email });
    if (exists) throw new ConflictException({ message: MSG.emailTaken });
    const user = em.create(User, {
      email: data.email,
      password: await hashPassword(data.password),
      firstName: data.firstName ?? null,
      lastName: data.lastName ?? null,
      role: this.settings.ADMIN_EMAILS.includes(data.email) ? 'admin' : 'teacher',
    });
    try {
      await em.flush();
    } catch (err) {
      if ((err as { code?: string }).code === '23505') throw new ConflictException({ message: MSG.emailTaken });
      throw err;
    }
    return user;
  }

  /** Checks the credentials; the same time is spent whether or not the e-mail exists. */
  async verify(email: string, password: string): Promise<User | null> {
    const user = await this.em.fork().findOne(User, { email });
    if (!user) {
      await argon2.verify(await DUMMY_HASH(), password).catch(() => false);
      return null;
    }
    const ok = await argon2.verify(user.password, password).catch(() => false);
    if (!ok) return null;
    // ADMIN_EMAILS names admins: applied at login so a setting change takes effect.
    if (this.settings.ADMIN_EMAILS.includes(user.email) && user.role !== 'admin') {
      await this.em.fork().nativeUpdate(User, { id: user.id }, { role: 'admin' });
      user.role = 'admin';
    }
    return user;
  }
}

// A hash of a random string, verified against when the e-mail is unknown (timing parity).
let dummyHash: Promise<string> | undefined;
const DUMMY_HASH = () => (dummyHash ??= hashPassword(randomUUID()));
