import { BadRequestException, Inject, Injectable, Logger } from '@nestjs/common';
import { MSG } from '@planejador/contracts';
import type { Settings } from '@planejador/config';
import { Database, UsersRepository } from '@planejador/db';
import { JobProducer, jobIds } from '@planejador/queue';
import { hashToken } from './token-hash';
import { RateLimitService } from '../core/rate-limit.service';
import { JOB_PRODUCER, SETTINGS } from '../core/tokens';
import { mayMail } from './mail-cap';
import { ProgressGateway } from '../realtime/progress.gateway';
import { SessionCache } from '../fast-path/session-cache';
import { hashPassword } from './users.service';

const TOKEN_TTL_MS = 60 * 60 * 1000;

@Injectable()
export class PasswordResetService {
  private readonly logger = new Logger(PasswordResetService.name);

  constructor(
    private readonly db: Database,
    private readonly users: UsersRepository,
    @Inject(SETTINGS) private readonly settings: Settings,
    @Inject(JOB_PRODUCER) private readonly producer: JobProducer,
    private readonly sessions: SessionCache,
    private readonly realtime: ProgressGateway,
    private readonly rateLimit: RateLimitService,
  ) {}

  /**
   * Stores a one-hour token record and queues its id: the worker makes the token, stores its hash and mails it
   * (the plaintext never reaches the job, Redis or a log). Silent when the e-mail is unknown, and about as slow
   * either way (the answer waits for a fixed floor), so timing does not tell accounts apart. Past the cap of reset
   * mails to the address (mail-cap.ts) nothing is stored or sent, and the answer is the same.
   */
  async request(email: string): Promise<void> {
    const started = Date.now();
    try {
      const user = await this.users.findUserByEmail(email);
      if (!user || !(await mayMail(this.rateLimit, 'password-reset', user.email))) return;
      const tokenId = await this.users.createToken('password-reset', user.id, new Date(Date.now() + TOKEN_TTL_MS));
      await this.producer.enqueue('send-mail', { kind: 'password-reset', tokenId }, jobIds.resetMail(tokenId));
      this.logger.log({ userId: user.id }, 'password reset requested');
    } finally {
      const wait = this.settings.FORGOT_PASSWORD_FLOOR_MS - (Date.now() - started);
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }

  async isValid(token: string): Promise<boolean> {
    const record = await this.users.findPasswordResetToken(hashToken(token));
    return !!record && !record.usedAt && record.expiresAt.getTime() > Date.now();
  }

  /**
   * Uses the token once (atomically), sets the password and ends the user's sessions, and their sockets. The
   * password now comes from a link mailed to the address: an address named by ADMIN_EMAILS becomes admin at once.
   */
  async reset(token: string, newPassword: string): Promise<string> {
    // A cheap look-up first: an unknown token must not cost an argon2 hash (64 MB, ~100 ms) to anyone who asks.
    if (!(await this.isValid(token))) throw new BadRequestException({ message: MSG.resetTokenInvalid });
    const hash = await hashPassword(newPassword);
    const userId = await this.db.transaction(async () => {
      const userId = await this.users.useToken('password-reset', hashToken(token));
      if (!userId) throw new BadRequestException({ message: MSG.resetTokenInvalid });
      const email = await this.users.setPasswordFromMailedLink(userId, hash);
      if (email && this.settings.ADMIN_EMAILS.includes(email)) await this.users.makeAdmin(userId);
      // Other pending tokens of the user stop working too.
      await this.users.expireUserTokens('password-reset', userId);
      return userId;
    });
    await this.users.deleteUserSessions(userId);
    // Every api process forgets them before this answers (their next request reads the session: gone).
    await this.sessions.invalidateUser(userId);
    // Their live progress too, on every device and api process: a socket is authenticated once, at its handshake.
    this.realtime.disconnectUser(userId);
    return userId;
  }
}
