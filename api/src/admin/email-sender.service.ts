import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Settings } from '@planejador/config';
import type { EmailLogEntry, EmailSenderData, PublicUser } from '@planejador/contracts';
import { EmailLogsRepository } from '@planejador/db';
import { JobProducer, jobIds } from '@planejador/queue';
import { JOB_PRODUCER, SETTINGS } from '../core/tokens';

@Injectable()
export class EmailSenderService {
  private readonly logger = new Logger(EmailSenderService.name);

  constructor(
    private readonly emailLogs: EmailLogsRepository,
    @Inject(JOB_PRODUCER) private readonly producer: JobProducer,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {}

  /** Stores the log record (the job's source of truth), then queues the send. */
  async send(admin: PublicUser, data: EmailSenderData): Promise<{ message: string; id: string; recipients: number }> {
    const logId = await this.emailLogs.insertEmailLog({
      adminId: admin.id,
      adminEmail: admin.email,
      subject: data.subject,
      html: data.html,
      text: data.text,
      to: data.recipients.to,
      cc: data.recipients.cc,
      bcc: data.recipients.bcc,
      recipientCount: data.recipients.total,
    });
    try {
      await this.producer.enqueue('send-mail', { kind: 'bulk', logId }, jobIds.bulkMail(logId));
    } catch (err) {
      // The record stays 'queued'; the worker's sweeper enqueues it when Redis is back.
      this.logger.warn({ logId, err: (err as Error).message }, 'bulk e-mail not enqueued yet');
    }
    this.logger.log({ logId, adminId: admin.id, recipients: data.recipients.total }, 'bulk e-mail queued');
    const n = data.recipients.total;
    return { id: logId, recipients: n, message: `Email enviado com sucesso! ${n} destinatário(s) na fila de envio.` };
  }

  async history(limit = 50): Promise<EmailLogEntry[]> {
    const logs = await this.emailLogs.listEmailLogs(limit);
    return logs.map((l) => ({
      id: l.id,
      createdAt: l.createdAt.toISOString(),
      adminEmail: l.adminEmail,
      subject: l.subject,
      recipientCount: l.recipientCount,
      status: l.status,
      error: l.error,
      sentAt: l.sentAt?.toISOString() ?? null,
    }));
  }
}
