import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';

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

/** Whether an SMTP failure is worth retrying (4xx replies, connection problems) or final (5xx). */
export function isTransientMailError(err: unknown): boolean {
  const e = err as { responseCode?: number; code?: string };
  if (typeof e?.responseCode === 'number') return e.responseCode < 500;
  return true;
}

/** The one place that talks SMTP (or writes the development outbox). */
export class MailTransport {
  private readonly transporter: Transporter;

  constructor(private readonly options: MailTransportOptions) {
    this.transporter = options.smtpUrl
      ? nodemailer.createTransport(options.smtpUrl, { from: options.from })
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
