import { EmailLog } from '../entities';
import { Repository } from '../database';

export type RecipientKind = 'to' | 'cc' | 'bcc';

/** What an admin's bulk send stores before it is queued. */
export interface NewEmailLog {
  adminId: string;
  adminEmail: string;
  subject: string;
  html: string;
  text?: string | null;
  to: string[];
  cc: string[];
  bcc: string[];
  recipientCount: number;
}

/** Its queries, each one method, on the process's Database (injected by class in the api and the worker). */
export class EmailLogsRepository extends Repository {
  /** Stores a bulk send as 'queued' (the record is the job's source of truth); returns its id. */
  async insertEmailLog(log: NewEmailLog): Promise<string> {
    const em = this.em;
    const record = em.create(EmailLog, {
      admin: log.adminId,
      adminEmail: log.adminEmail,
      subject: log.subject,
      html: log.html,
      text: log.text,
      toAddresses: log.to,
      ccAddresses: log.cc,
      bccAddresses: log.bcc,
      recipientCount: log.recipientCount,
    });
    await em.flush();
    return record.id;
  }

  /** The latest bulk sends, newest first. */
  async listEmailLogs(limit: number): Promise<EmailLog[]> {
    return this.em.find(EmailLog, {}, { orderBy: { createdAt: 'desc' }, limit });
  }

  async findEmailLog(logId: string): Promise<EmailLog | null> {
    return this.em.findOne(EmailLog, { id: logId });
  }

  /** The send's job attempt `attempt` is sending it. */
  async markEmailLogSending(logId: string, attempt: number): Promise<void> {
    await this.em.nativeUpdate(EmailLog, { id: logId }, { status: 'sending', attempts: attempt });
  }

  /** The send waits for its job's next attempt, after `error`. */
  async markEmailLogQueued(logId: string, error: string): Promise<void> {
    await this.em.nativeUpdate(EmailLog, { id: logId }, { status: 'queued', error });
  }

  /**
   * Bulk sends stored but not finished (queued or sending) for `graceSeconds`, at most 500: the sweeper queues them
   * again.
   */
  async findStaleEmailLogs(graceSeconds: number): Promise<{ id: string }[]> {
    return this.em.execute<{ id: string }[]>(
      `select id from email_logs where status in ('queued', 'sending') and created_at < now() - make_interval(secs => ?) limit 500`,
      [graceSeconds],
    );
  }

  /** The send's failed recipients become pending again, except those whose error is `keepError` (refused outright). */
  async retryFailedRecipients(logId: string, keepError: string): Promise<void> {
    await this.em.execute(
      `update email_log_recipients set status = 'pending', error = null where log_id = ? and status = 'failed' and error is distinct from ?`,
      [logId, keepError],
    );
  }

  /** Adds the send's recipients as pending; one already there (a retried job) keeps its state. */
  async addRecipients(logId: string, recipients: readonly { address: string; kind: RecipientKind }[]): Promise<void> {
    if (!recipients.length) return;
    await this.em.execute(
      `insert into email_log_recipients (log_id, address, kind)
       select ?, r.address, r.kind from jsonb_to_recordset(?::jsonb) as r(address text, kind text)
       on conflict (log_id, address) do nothing`,
      [logId, JSON.stringify(recipients)],
    );
  }

  /** Recipients left 'sending' by an attempt that died mid-send may have been mailed: 'interrupted', never mailed again. */
  async interruptSendingRecipients(logId: string): Promise<void> {
    await this.em.execute(
      `update email_log_recipients set status = 'interrupted', updated_at = now(),
              error = 'Envio interrompido: a entrega não pôde ser confirmada (não reenviado para não duplicar).'
        where log_id = ? and status = 'sending'`,
      [logId],
    );
  }

  /** Claims the pending recipients ('pending' -> 'sending'), or only `address` if given, and returns them. */
  async claimPendingRecipients(logId: string, address?: string): Promise<{ address: string; kind: RecipientKind }[]> {
    return this.em.execute<{ address: string; kind: RecipientKind }[]>(
      `update email_log_recipients set status = 'sending', updated_at = now()
        where log_id = ? and status = 'pending' and (?::text is null or address = ?) returning address, kind`,
      [logId, address ?? null, address ?? null],
    );
  }

  /** Sets these recipients' outcome ('sent' also stamps sent_at). */
  async markRecipients(
    logId: string,
    status: 'sent' | 'failed' | 'pending',
    addresses: readonly string[],
    error: string | null = null,
  ): Promise<void> {
    if (!addresses.length) return;
    await this.em.execute(
      `update email_log_recipients set status = ?, error = ?, updated_at = now(),
              sent_at = case when ? = 'sent' then now() else sent_at end
        where log_id = ? and address in (${addresses.map(() => '?').join(',')})`,
      [status, error, status, logId, ...addresses],
    );
  }

  /** The send's recipients with their outcome, by address. */
  async recipientsOf(logId: string): Promise<{ status: string; address: string; error: string | null }[]> {
    return this.em.execute<{ status: string; address: string; error: string | null }[]>(
      `select status, address, error from email_log_recipients where log_id = ? order by address`,
      [logId],
    );
  }

  /** The log record's final state ('sent' also stamps sent_at). */
  async finishEmailLog(logId: string, status: 'sent' | 'failed', error: string | null): Promise<void> {
    await this.em.execute(`update email_logs set status = ?, error = ?, sent_at = case when ? = 'sent' then now() else sent_at end where id = ?`, [
      status,
      error,
      status,
      logId,
    ]);
  }
}
