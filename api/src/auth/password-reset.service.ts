import { EntityManager } from '@mikro-orm/postgresql';
import { BadRequestException, Inject, Injectable, Logger } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import type { Pool } from 'pg';
import { MSG } from '@planejador/contracts';
import { appUrl, type Settings } from '@planejador/config';
import { PasswordResetToken, User } from '@planejador/db';
import { JobProducer, jobIds } from '@planejador/queue';
import { JOB_PRODUCER, PG_POOL, SETTINGS } from '../core/tokens';
import { hashPassword } from './users.service';

const TOKEN_TTL_MS = 60 * 60 * 1000;
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

@Injectable()
export class PasswordResetService {
  private readonly logger = new Logger(PasswordResetService.name);

  constructor(
    private readonly em: EntityManager,
    @Inject(SETTINGS) private readonly settings: Settings,
    @Inject(JOB_PRODUCER) private readonly producer: JobProducer,
    @Inject(PG_POOL) private readonly pool: Pool,
  ) {}

  /** Stores a hashed one-hour token and queues the e-mail; silent when the e-mail is unknown. */
  async request(email: string): Promise<void> {
    const em = this.em.fork();
    const user = await em.findOne(User, { email });
    if (!user) return;
    const token = randomBytes(32).toString('base64url');
    const record = em.create(PasswordResetToken, {
      user,
      tokenHash: sha256(token),
      expiresAt: new Date(Date.now() + TOKEN_TTL_MS),
    });
    await em.flush();
    const resetUrl = `${appUrl(this.settings)}/reset-password?token=${encodeURIComponent(token)}`;
    await this.producer.enqueue(
      'send-mail',
      { kind: 'password-reset', to: user.email, name: user.firstName, resetUrl },
      jobIds.resetMail(record.id),
    );
    this.logger.log({ userId: user.id }, 'password reset requested');
  }

  async isValid(token: string): Promise<boolean> {
    const record = await this.em.fork().findOne(PasswordResetToken, { tokenHash: sha256(token) });
    return !!record && !record.usedAt && record.expiresAt.getTime() > Date.now();
  }

  /** Uses the token once (atomically), sets the password and ends the user's other sessions. */
  async reset(token: string, newPassword: string): Promise<string> {
    // A cheap look-up first: an unknown token must not cost an argon2 hash (64 MB, ~100 ms) to anyone who asks.
    if (!(await this.isValid(token))) throw new BadRequestException({ message: MSG.resetTokenInvalid });
    const hash = await hashPassword(newPassword);
    const em = this.em.fork();
    const userId = await em.transactional(async (tx) => {
      const rows: { user_id: string }[] = await tx.execute(
        `update password_reset_tokens set used_at = now()
          where token_hash = ? and used_at is null and expires_at > now()
          returning user_id`,
        [sha256(token)],
      );
      if (!rows.length) throw new BadRequestException({ message: MSG.resetTokenInvalid });
      await tx.nativeUpdate(User, { id: rows[0].user_id }, { password: hash });
      // Other pending tokens of the user stop working too.
      await tx.execute(`update password_reset_tokens set used_at = now() where user_id = ? and used_at is null`, [rows[0].user_id]);
      return rows[0].user_id;
    });
    await this.pool.query(`delete from "session" where (sess -> 'passport' ->> 'user') = $1`, [userId]);
    return userId;
  }
}
