import { Inject, Injectable, Logger } from '@nestjs/common';
import { UnrecoverableError } from 'bullmq';
import { createHash, randomBytes } from 'node:crypto';
import type { MailJob } from '@planejador/contracts';
import { appUrl, type Settings } from '@planejador/config';
import { EmailLogsRepository, UsersRepository, type RecipientKind } from '@planejador/db';
import { classifyMailError, MailTransport, passwordResetMail, verifyEmailMail } from '@planejador/mail';
import { MAIL_TRANSPORT, SETTINGS } from '../core/tokens';

/** A recipient's error when the server refused that address (the others may still have been mailed). */
const REFUSED = 'Recusado pelo servidor SMTP.';

/** Which page each token e-mail's link opens. */
const TOKEN_PAGES = {
  'password-reset': '/reset-password',
  'verify-email': '/verificar-email',
} as const;
type TokenMailKind = keyof typeof TOKEN_PAGES;

@Injectable()
export class MailService {
  private readonly logger = new Logger(MailService.name);

  constructor(
    private readonly logs: EmailLogsRepository,
    private readonly users: UsersRepository,
    @Inject(MAIL_TRANSPORT) private readonly transport: MailTransport,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {}

  async handle(job: MailJob, attempt: number, lastAttempt: boolean): Promise<{ messageId: string }> {
    if (job.kind === 'bulk') return this.sendBulk(job.logId, attempt, lastAttempt);
    return this.sendTokenMail(job.kind, job.tokenId);
  }

  /**
   * Makes the token here, stores only its SHA-256 on the record the api queued (by id) and puts the plaintext in
   * the e-mail alone: never in job data, return values or logs. A retry makes a new token (the older link, if
   * it was mailed, stops working): a used or expired record is not mailed.
   */
  private async sendTokenMail(kind: TokenMailKind, tokenId: string): Promise<{ messageId: string }> {
    const token = randomBytes(32).toString('base64url');
    const recipient = await this.users.storeTokenHash(kind, tokenId, createHash('sha256').update(token).digest('hex'));
    if (!recipient) return { messageId: 'token-gone' };
    const url = `${appUrl(this.settings)}${TOKEN_PAGES[kind]}?token=${encodeURIComponent(token)}`;
    const mail =
      kind === 'password-reset'
        ? passwordResetMail({ name: recipient.firstName, resetUrl: url })
        : verifyEmailMail({ name: recipient.firstName, verifyUrl: url });
    const sent = await this.deliver({ to: [recipient.email], ...mail });
    // Development without SMTP: the e-mail (with its link) is in the outbox file, never in the log.
    if (sent.file) this.logger.log({ file: sent.file, kind }, 'token e-mail written to the outbox');
    return { messageId: sent.messageId };
  }

  /**
   * Sends one bulk e-mail to the recipients not yet mailed, one message each, addressed to that recipient alone (no
   * one sees another's address, Cc and Cco included), and records the outcome per recipient and on the log record.
   * Each recipient is claimed ('pending' -> 'sending') before its SMTP transaction and marked after it, so a retried
   * or restarted job mails only those still pending. A recipient left in 'sending' by an attempt that died mid-send
   * may have been mailed: it is marked 'interrupted', never mailed again. So is one whose message the SMTP server had
   * taken (DATA accepted) when the connection was lost before its answer. A recipient refused for good is failed and
   * the others are still mailed; a passing failure (server down) stops the attempt, to be retried.
   */
  private async sendBulk(logId: string, attempt: number, lastAttempt: boolean) {
    const log = await this.logs.findEmailLog(logId);
    if (!log) throw new UnrecoverableError('email log not found');
    if (log.status === 'sent') return { messageId: 'already-sent' };
    if (log.status === 'failed') {
      // A retry of a failed send (the queue dashboard): those not refused outright are tried again.
      await this.logs.retryFailedRecipients(logId, REFUSED);
    }
    await this.logs.markEmailLogSending(logId, attempt);
    // In the order the admin wrote them.
    const all: { address: string; kind: RecipientKind }[] = [
      ...log.toAddresses.map((address) => ({ address, kind: 'to' as const })),
      ...log.ccAddresses.map((address) => ({ address, kind: 'cc' as const })),
      ...log.bccAddresses.map((address) => ({ address, kind: 'bcc' as const })),
    ];
    await this.logs.addRecipients(logId, all);
    await this.logs.interruptSendingRecipients(logId);
    let messageId = 'nothing-pending';
    for (const { address } of all) {
      if (!(await this.logs.claimPendingRecipients(logId, address)).length) continue;
      const mark = (status: 'sent' | 'failed' | 'pending', error: string | null = null) => this.logs.markRecipients(logId, status, [address], error);
      // Only the SMTP transaction is in here: a database error while recording its outcome is no mail error.
      const outcome = await this.transport.send({ to: [address], subject: log.subject, html: log.html, text: log.text }).then(
        (sent) => ({ sent, err: null }),
        (err: unknown) => ({ sent: null, err }),
      );
      if (outcome.sent) {
        const refused = outcome.sent.rejected.some((a) => a.toLowerCase() === address.toLowerCase());
        await (refused ? mark('failed', REFUSED) : mark('sent'));
        messageId = outcome.sent.messageId;
      } else if (classifyMailError(outcome.err) === 'unknown') {
        // The server had the message when the connection was lost: it may have been delivered. As after a crash
        // mid-send, this recipient (still 'sending') is 'interrupted', never mailed again.
        this.logger.warn({ logId, reason: describeMailError(outcome.err) }, 'bulk e-mail handed over, delivery not confirmed');
        await this.logs.interruptSendingRecipients(logId);
      } else if (classifyMailError(outcome.err) === 'final') {
        // Refused for good: this address (at RCPT TO) or this message; the others are still tried.
        await mark('failed', (outcome.err as { code?: string }).code === 'EENVELOPE' ? REFUSED : describeMailError(outcome.err));
      } else {
        const reason = describeMailError(outcome.err);
        // Nothing was taken by the server: this recipient and the rest are still to be mailed (or failed, if final).
        if (!lastAttempt) {
          await mark('pending', reason);
          await this.logs.markEmailLogQueued(logId, reason);
          throw outcome.err;
        }
        await mark('failed', reason);
      }
    }
    const summary = await this.finishBulk(logId);
    this.logger.log({ logId, recipients: log.recipientCount, ...summary, attempt }, 'bulk e-mail finished');
    if (summary.status === 'failed' && summary.error) throw new UnrecoverableError(summary.error);
    return { messageId };
  }

  /** The log record's final state from its recipients: sent if anyone was mailed, with who was not and why. */
  private async finishBulk(logId: string) {
    const rows = await this.logs.recipientsOf(logId);
    const sent = rows.filter((r) => r.status === 'sent').length;
    const refused = rows.filter((r) => r.status === 'failed' && r.error === REFUSED).map((r) => r.address);
    const otherFailures = rows.filter((r) => r.status === 'failed' && r.error !== REFUSED);
    const interrupted = rows.filter((r) => r.status === 'interrupted').map((r) => r.address);
    const notes = [
      refused.length ? `Endereços recusados pelo servidor SMTP (${refused.length}): ${refused.join(', ')}` : null,
      interrupted.length ? `Envio interrompido, entrega não confirmada (${interrupted.length}): ${interrupted.join(', ')}` : null,
    ].filter(Boolean);
    const status = sent > 0 ? 'sent' : 'failed';
    const error = status === 'failed' ? (otherFailures[0]?.error ?? notes.join(' ')) || 'Nenhum destinatário recebeu o e-mail.' : notes.length ? notes.join(' ').slice(0, 1000) : null;
    await this.logs.finishEmailLog(logId, status, error ? error.slice(0, 1000) : null);
    return { status, error, sent, refused: refused.length, interrupted: interrupted.length };
  }

  private async deliver(mail: Parameters<MailTransport['send']>[0]) {
    try {
      return await this.transport.send(mail);
    } catch (err) {
      // Refused for good: no retry. Delivery unknown (bulk: sendBulk never retries it; a token e-mail is sent
      // again with a new token, which only makes the older link stop working).
      if (classifyMailError(err) === 'final') throw new UnrecoverableError(describeMailError(err));
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
  if (classifyMailError(err) === 'unknown') return 'A conexão com o servidor SMTP caiu depois de a mensagem ser entregue a ele: entrega não confirmada.';
  if (e?.code === 'ECONNREFUSED' || e?.code === 'ESOCKET' || e?.code === 'ECONNECTION') return 'Não foi possível conectar ao servidor SMTP.';
  if (e?.code === 'ETIMEDOUT') return 'O servidor SMTP não respondeu a tempo.';
  if (e?.code === 'EAUTH') return 'Falha de autenticação no servidor SMTP.';
  return `Falha no envio: ${String(e?.message ?? err).replace(/\/\/[^@\s]*@/g, '//***@').slice(0, 300)}`;
}
