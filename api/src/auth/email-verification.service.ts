import { EntityManager } from '@mikro-orm/postgresql';
import { BadRequestException, Inject, Injectable, Logger } from '@nestjs/common';
import { MSG } from '@planejador/contracts';
import type { Settings } from '@planejador/config';
import { createToken, expireUserTokens, makeAdmin, markEmailVerified, useToken } from '@planejador/db';
import { JobProducer, jobIds } from '@planejador/queue';
import { hashToken } from './token-hash';
import { JOB_PRODUCER, SETTINGS } from '../core/tokens';

const TOKEN_TTL_MS = 24 * 60 * 60 * 1000;

/** E-mail confirmation: a 24-hour, one-time link; ADMIN_EMAILS grants admin only to a confirmed address. */
@Injectable()
export class EmailVerificationService {
  private readonly logger = new Logger(EmailVerificationService.name);

  constructor(
    private readonly em: EntityManager,
    @Inject(SETTINGS) private readonly settings: Settings,
    @Inject(JOB_PRODUCER) private readonly producer: JobProducer,
  ) {}

  /** Stores a token record and queues its id; the worker makes the token and mails it (see MailService). */
  async send(userId: string): Promise<void> {
    const tokenId = await createToken(this.em.fork(), 'verify-email', userId, new Date(Date.now() + TOKEN_TTL_MS));
    await this.producer.enqueue('send-mail', { kind: 'verify-email', tokenId }, jobIds.verifyMail(tokenId));
    this.logger.log({ userId }, 'e-mail confirmation requested');
  }

  /**
   * Uses the token once (atomically) and marks the address confirmed; an address named by ADMIN_EMAILS becomes
   * admin in the same statement. Sessions read the user with each request, so the current one sees it at once.
   */
  async verify(token: string): Promise<string> {
    return this.em.fork().transactional(async (tx) => {
      const userId = await useToken(tx, 'verify-email', hashToken(token));
      if (!userId) throw new BadRequestException({ message: MSG.verifyEmailTokenInvalid });
      const email = await markEmailVerified(tx, userId);
      if (email && this.settings.ADMIN_EMAILS.includes(email)) await makeAdmin(tx, userId);
      // The user's other pending links stop working too.
      await expireUserTokens(tx, 'verify-email', userId);
      this.logger.log({ userId }, 'e-mail confirmed');
      return userId;
    });
  }
}
