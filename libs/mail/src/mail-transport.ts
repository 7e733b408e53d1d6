import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import nodemailer, { type Transport, type Transporter } from 'nodemailer';
import type MailMessage from 'nodemailer/lib/mailer/mail-message';
import { parseConnectionUrl } from 'nodemailer/lib/shared';
import SMTPConnection from 'nodemailer/lib/smtp-connection';

export interface OutgoingMail {
  to: string[];
  cc?: string[];
  bcc?: string[];
  subject: string;
  html: string;
  text?: string | null;
}

export interface SentMail {
  messageId: string;
  accepted: string[];
  rejected: string[];
  /** Where the message was written, when no SMTP server is configured. */
  file?: string;
}

export interface MailTransportOptions {
  smtpUrl?: string;
  from: string;
  /** Used when smtpUrl is absent: each message is written there as an .eml file. */
  outboxDir?: string;
}

/**
 * How far an SMTP transaction got before it failed: 'connect' (connection, greeting, EHLO, STARTTLS), 'auth',
 * 'envelope' (MAIL FROM, RCPT TO, DATA up to the server's 354) or 'message' (the server said 354 and the
 * message was being, or had been, streamed to it). Set as `smtpStage` on every error of an SMTP send.
 */
export type SmtpStage = 'connect' | 'auth' | 'envelope' | 'message';

/**
 * What a failed send means for its recipients:
 * - 'retry': the server did not take the message (it could not be reached, the greeting, login or envelope
 *   failed, or it answered 4xx): nobody got it, it may be sent again;
 * - 'final': the server refused it for good (5xx): nobody got it, sending again would not help;
 * - 'unknown': the message was handed over (DATA accepted) and the server's answer to it never came (connection
 *   lost, time-out): it may have been delivered, so it must never be sent again automatically.
 */
export type MailErrorKind = 'retry' | 'final' | 'unknown';

export function classifyMailError(err: unknown): MailErrorKind {
  const e = err as { responseCode?: number; smtpStage?: SmtpStage } | null | undefined;
  // A reply from the server (to the message too) says whether it took it.
  if (typeof e?.responseCode === 'number') return e.responseCode < 500 ? 'retry' : 'final';
  return e?.smtpStage === 'message' ? 'unknown' : 'retry';
}

type SmtpOptions = SMTPConnection.Options & { auth?: { user?: string; pass?: string }; forceAuth?: boolean };
type SentInfo = SMTPConnection.SentMessageInfo & { messageId: string };

/**
 * Nodemailer's SMTP transport, one connection per message, that records how far each transaction got: a lost
 * connection reads the same (ECONNECTION) before the server had the message and after, and only the stage tells
 * "not sent" from "maybe delivered". The message is handed to the connection as a stream that it reads only once
 * the server has answered DATA with 354.
 */
class StagedSmtpTransport implements Transport<SentInfo> {
  readonly name = 'SMTP (staged)';
  readonly version = '1';
  private readonly options: SmtpOptions;

  constructor(url: string) {
    this.options = parseConnectionUrl(url) as SmtpOptions;
  }

  send(mail: MailMessage<SentInfo>, callback: (err: Error | null, info: SentInfo) => void): void {
    const sent = async (): Promise<SentInfo> => {
      const raw = await mail.message.build();
      return { ...(await this.transaction(mail.message.getEnvelope(), raw)), messageId: mail.message.messageId() };
    };
    sent().then(
      (info) => callback(null, info),
      (err: Error) => callback(err, undefined as never),
    );
  }

  private transaction(envelope: SMTPConnection.Envelope, raw: Buffer): Promise<SMTPConnection.SentMessageInfo> {
    const connection = new SMTPConnection(this.options);
    let stage: SmtpStage = 'connect';
    return new Promise((resolve, reject) => {
      let settled = false;
      const fail = (err: Error) => {
        if (settled) return;
        settled = true;
        connection.close();
        reject(Object.assign(err, { smtpStage: stage }));
      };
      // Stays attached after the outcome: a late error (the QUIT after a sent message) is not an unhandled one.
      connection.on('error', fail);
      connection.once('end', () => fail(Object.assign(new Error('Connection closed unexpectedly'), { code: 'ECONNECTION' })));
      const send = () => {
        stage = 'envelope';
        // Read by the connection only after the server's 354 to DATA: from then on the server may have the message.
        const message = new Readable({
          read() {
            stage = 'message';
            this.push(raw);
            this.push(null);
          },
        });
        connection.send(envelope, message, (err, info) => {
          if (err) return fail(err);
          settled = true;
          connection.quit();
          resolve(info);
        });
      };
      connection.connect((err) => {
        if (err) return fail(err);
        const { user, pass } = this.options.auth ?? {};
        // As nodemailer's own transport: log in when the server offers AUTH (or the URL says forceAuth).
        const offersAuth = (connection as SMTPConnection & { allowsAuth?: boolean }).allowsAuth;
        if (!user || !(offersAuth || this.options.forceAuth)) return send();
        stage = 'auth';
        const auth = { credentials: { user, pass: pass ?? '' }, method: this.options.authMethod };
        connection.login(auth as SMTPConnection.AuthenticationCredentials, (loginErr) => (loginErr ? fail(loginErr) : send()));
      });
    });
  }

  close(): void {}
}

/** The one place that talks SMTP (or writes the development outbox). */
export class MailTransport {
  private readonly transporter: Transporter;

  constructor(private readonly options: MailTransportOptions) {
    this.transporter = options.smtpUrl
      ? nodemailer.createTransport(new StagedSmtpTransport(options.smtpUrl), { from: options.from })
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  }

  get mode(): 'smtp' | 'outbox' {
    return this.options.smtpUrl ? 'smtp' : 'outbox';
  }

  async send(mail: OutgoingMail): Promise<SentMail> {
    const info = await this.transporter.sendMail({
      from: this.options.from,
      to: mail.to,
      cc: mail.cc?.length ? mail.cc : undefined,
      bcc: mail.bcc?.length ? mail.bcc : undefined,
      subject: mail.subject.replace(/[\r\n]+/g, ' '),
      html: mail.html,
      text: mail.text ?? undefined,
      disableFileAccess: true,
      disableUrlAccess: true,
    });
    if (this.mode === 'outbox') {
      const dir = this.options.outboxDir ?? '.data/outbox';
      await mkdir(dir, { recursive: true });
      const file = join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${Math.random().toString(36).slice(2, 8)}.eml`);
      await writeFile(file, info.message as Buffer);
      return { messageId: info.messageId, accepted: [...mail.to, ...(mail.cc ?? []), ...(mail.bcc ?? [])], rejected: [], file };
    }
    return {
      messageId: info.messageId,
      accepted: (info.accepted ?? []).map(String),
      rejected: (info.rejected ?? []).map(String),
    };
  }

  close(): void {
    this.transporter.close();
  }
}
