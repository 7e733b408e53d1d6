import { BadRequestException, Inject, Injectable, Logger } from '@nestjs/common';
import { MSG } from '@planejador/contracts';
import { Database, UsersRepository } from '@planejador/db';
import { JobProducer, jobIds } from '@planejador/queue';
import { hashToken } from './token-hash';
import { RateLimitService } from '../core/rate-limit.service';
import { JOB_PRODUCER } from '../core/tokens';
import { mayMail } from './mail-cap';

const TOKEN_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * E-mail confirmation: a 24-hour, one-time link. It proves who reads the mailbox, not who chose the password, so
 * it never grants ADMIN_EMAILS admin (a password set through a mailed reset link does: PasswordResetService).
 */
@Injectable()
export class EmailVerificationService {
  private readonly logger = new Logger(EmailVerificationService.name);

  constructor(
    private readonly db: Database,
    private readonly users: UsersRepository,
    @Inject(JOB_PRODUCER) private readonly producer: JobProducer,
    private readonly rateLimit: RateLimitService,
  ) {}

  /**
   * Stores a token record and queues its id; the worker makes the token and mails it (see MailService). Past the
   * cap of confirmation mails to the address (mail-cap.ts) nothing is stored or sent: the caller answers the same.
   */
  async send({ id: userId, email }: { id: string; email: string }): Promise<void> {
    if (!(await mayMail(this.rateLimit, 'verify-email', email))) {
      this.logger.log({ userId }, 'e-mail confirmation not sent: cap of mails to the address reached');
      return;
    }
    const tokenId = await this.users.createToken('verify-email', userId, new Date(Date.now() + TOKEN_TTL_MS));
    await this.producer.enqueue('send-mail', { kind: 'verify-email', tokenId }, jobIds.verifyMail(tokenId));
    this.logger.log({ userId }, 'e-mail confirmation requested');
  }

  /** Uses the token once (atomically) and marks the address confirmed. */
  async verify(token: string): Promise<string> {
    return this.db.transaction(async () => {
      const userId = await this.users.useToken('verify-email', hashToken(token));
      if (!userId) throw new BadRequestException({ message: MSG.verifyEmailTokenInvalid });
      await this.users.markEmailVerified(userId);
      // The user's other pending links stop working too.
      await this.users.expireUserTokens('verify-email', userId);
      this.logger.log({ userId }, 'e-mail confirmed');
      return userId;
    });
  }
}
