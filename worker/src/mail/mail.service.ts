import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { UnrecoverableError } from 'bullmq';
import type { MailJob } from '@planejador/contracts';
import { EmailLog } from '@planejador/db';
import { isTransientMailError, MailTransport, passwordResetMail } from '@planejador/mail';
import { MAIL_TRANSPORT } from '../core/tokens';

@Injectable()
export class MailService {
  private readonly logger = new Logger(MailService.name);

  constructor(
    private readonly em: EntityManager,
    @Inject(MAIL_TRANSPORT) private readonly transport: MailTransport,
  ) {}

  async handle(job: MailJob, attempt: number, lastAttempt: boolean): Promise<{ messageId: string }> {
    if (job.kind === 'password-reset') return this.sendPasswordReset(job);
    return this.sendBulk(job.logId, attempt, lastAttempt);
  }

  private async sendPasswordReset(job: Extract<MailJob, { kind: 'password-reset' }>) {
    const mail = passwordResetMail({ name: job.name, resetUrl: job.resetUrl });
    const sent = await this.deliver({ to: [job.to], ...mail });
    if (sent.file) {
      // Development without SMTP: the link is logged so a local user can still reset.
      this.logger.log({ file: sent.file, resetUrl: job.resetUrl }, 'password reset e-mail written to the outbox');
    }
    return { messageId: sent.messageId };
  }

  /** Sends one bulk e-mail and records the outcome on its log record. */
  private async sendBulk(logId: string, attempt: number, lastAttempt: boolean) {
    const em = this.em.fork();
    const log = await em.findOne(EmailLog, { id: logId });
    if (!log) throw new UnrecoverableError('email log not found');
    if (log.status === 'sent') return { messageId: 'already-sent' };
    await em.nativeUpdate(EmailLog, { id: logId }, { status: 'sending', attempts: attempt });
    try {
      const sent = await this.deliver({
        to: log.toAddresses,
        cc: log.ccAddresses,
        bcc: log.bccAddresses,
        subject: log.subject,
        html: log.html,
        text: log.text,
      });
      // The server may refuse some addresses and still take the message for the others: the admin sees which.
      const refused = sent.rejected.length
        ? `Endereços recusados pelo servidor SMTP (${sent.rejected.length}): ${sent.rejected.join(', ')}`.slice(0, 1000)
        : null;
      await em.nativeUpdate(EmailLog, { id: logId }, { status: 'sent', sentAt: new Date(), error: refused });
      this.logger.log({ logId, recipients: log.recipientCount, refused: sent.rejected.length, attempt }, 'bulk e-mail sent');
      return { messageId: sent.messageId };
    } catch (err) {
      const reason = describeMailError(err);
      const final = lastAttempt || err instanceof UnrecoverableError;
      await em.nativeUpdate(EmailLog, { id: logId }, { status: final ? 'failed' : 'queued', error: reason });
      throw err;
    }
  }

  private async deliver(mail: Parameters<MailTransport['send']>[0]) {
    try {
      return await this.transport.send(mail);
    } catch (err) {
      if (!isTransientMailError(err)) throw new UnrecoverableError(describeMailError(err));
      throw err;
    }
  }
}

/** A reason an admin can read, without credentials. */
export function describeMailError(err: unknown): string {
  // deliver() already turned a permanent refusal into its readable reason.
  if (err instanceof UnrecoverableError) return err.message;
  const e = err as { responseCode?: number; response?: string; code?: string; message?: string };
  if (e?.responseCode) return `Servidor SMTP recusou o envio (${e.responseCode}): ${String(e.response ?? '').slice(0, 300)}`;
  if (e?.code === 'ECONNREFUSED' || e?.code === 'ESOCKET' || e?.code === 'ECONNECTION') return 'Não foi possível conectar ao servidor SMTP.';
  if (e?.code === 'ETIMEDOUT') return 'O servidor SMTP não respondeu a tempo.';
  if (e?.code === 'EAUTH') return 'Falha de autenticação no servidor SMTP.';
  return `Falha no envio: ${String(e?.message ?? err).replace(/\/\/[^@\s]*@/g, '//***@').slice(0, 300)}`;
}
