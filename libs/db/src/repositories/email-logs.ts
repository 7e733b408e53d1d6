import type { EntityManager } from '@mikro-orm/postgresql';
import { EmailLog } from '../entities';
import { Repository, type Args } from '../database';

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

/** Stores a bulk send as 'queued' (the record is the job's source of truth); returns its id. */
export async function insertEmailLog(em: EntityManager, log: NewEmailLog): Promise<string> {
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
export async function listEmailLogs(em: EntityManager, limit: number): Promise<EmailLog[]> {
  return em.find(EmailLog, {}, { orderBy: { createdAt: 'desc' }, limit });
}

export async function findEmailLog(em: EntityManager, logId: string): Promise<EmailLog | null> {
  return em.findOne(EmailLog, { id: logId });
}

/** The send's job attempt `attempt` is sending it. */
export async function markEmailLogSending(em: EntityManager, logId: string, attempt: number): Promise<void> {
  await em.nativeUpdate(EmailLog, { id: logId }, { status: 'sending', attempts: attempt });
}

/** The send waits for its job's next attempt, after `error`. */
export async function markEmailLogQueued(em: EntityManager, logId: string, error: string): Promise<void> {
  await em.nativeUpdate(EmailLog, { id: logId }, { status: 'queued', error });
}

/**
 * Bulk sends stored but not finished (queued or sending) for `graceSeconds`, at most 500: the sweeper queues them
 * again.
 */
export async function findStaleEmailLogs(em: EntityManager, graceSeconds: number): Promise<{ id: string }[]> {
  return em.execute<{ id: string }[]>(
    `select id from email_logs where status in ('queued', 'sending') and created_at < now() - make_interval(secs => ?) limit 500`,
    [graceSeconds],
  );
}

/** The send's failed recipients become pending again, except those whose error is `keepError` (refused outright). */
export async function retryFailedRecipients(em: EntityManager, logId: string, keepError: string): Promise<void> {
  await em.execute(
    `update email_log_recipients set status = 'pending', error = null where log_id = ? and status = 'failed' and error is distinct from ?`,
    [logId, keepError],
  );
}

/** Adds the send's recipients as pending; one already there (a retried job) keeps its state. */
export async function addRecipients(em: EntityManager, logId: string, recipients: readonly { address: string; kind: RecipientKind }[]): Promise<void> {
  if (!recipients.length) return;
  await em.execute(
    `insert into email_log_recipients (log_id, address, kind)
     select ?, r.address, r.kind from jsonb_to_recordset(?::jsonb) as r(address text, kind text)
     on conflict (log_id, address) do nothing`,
    [logId, JSON.stringify(recipients)],
  );
}

/** Recipients left 'sending' by an attempt that died mid-send may have been mailed: 'interrupted', never mailed again. */
export async function interruptSendingRecipients(em: EntityManager, logId: string): Promise<void> {
  await em.execute(
    `update email_log_recipients set status = 'interrupted', updated_at = now(),
            error = 'Envio interrompido: a entrega não pôde ser confirmada (não reenviado para não duplicar).'
      where log_id = ? and status = 'sending'`,
    [logId],
  );
}

/** Claims the pending recipients ('pending' -> 'sending'), or only `address` if given, and returns them. */
export async function claimPendingRecipients(em: EntityManager, logId: string, address?: string): Promise<{ address: string; kind: RecipientKind }[]> {
  return em.execute<{ address: string; kind: RecipientKind }[]>(
    `update email_log_recipients set status = 'sending', updated_at = now()
      where log_id = ? and status = 'pending' and (?::text is null or address = ?) returning address, kind`,
    [logId, address ?? null, address ?? null],
  );
}

/** Sets these recipients' outcome ('sent' also stamps sent_at). */
export async function markRecipients(
  em: EntityManager,
  logId: string,
  status: 'sent' | 'failed' | 'pending',
  addresses: readonly string[],
  error: string | null = null,
): Promise<void> {
  if (!addresses.length) return;
  await em.execute(
    `update email_log_recipients set status = ?, error = ?, updated_at = now(),
            sent_at = case when ? = 'sent' then now() else sent_at end
      where log_id = ? and address in (${addresses.map(() => '?').join(',')})`,
    [status, error, status, logId, ...addresses],
  );
}

/** The send's recipients with their outcome, by address. */
export async function recipientsOf(em: EntityManager, logId: string): Promise<{ status: string; address: string; error: string | null }[]> {
  return em.execute<{ status: string; address: string; error: string | null }[]>(
    `select status, address, error from email_log_recipients where log_id = ? order by address`,
    [logId],
  );
}

/** The log record's final state ('sent' also stamps sent_at). */
export async function finishEmailLog(em: EntityManager, logId: string, status: 'sent' | 'failed', error: string | null): Promise<void> {
  await em.execute(`update email_logs set status = ?, error = ?, sent_at = case when ? = 'sent' then now() else sent_at end where id = ?`, [
    status,
    error,
    status,
    logId,
  ]);
}

/** The queries above, on the process's Database (injected in the api and the worker). */
export class EmailLogsRepository extends Repository {
  insertEmailLog(...a: Args<typeof insertEmailLog>): ReturnType<typeof insertEmailLog> {
    return insertEmailLog(this.em, ...a);
  }

  listEmailLogs(...a: Args<typeof listEmailLogs>): ReturnType<typeof listEmailLogs> {
    return listEmailLogs(this.em, ...a);
  }

  findEmailLog(...a: Args<typeof findEmailLog>): ReturnType<typeof findEmailLog> {
    return findEmailLog(this.em, ...a);
  }

  markEmailLogSending(...a: Args<typeof markEmailLogSending>): ReturnType<typeof markEmailLogSending> {
    return markEmailLogSending(this.em, ...a);
  }

  markEmailLogQueued(...a: Args<typeof markEmailLogQueued>): ReturnType<typeof markEmailLogQueued> {
    return markEmailLogQueued(this.em, ...a);
  }

  findStaleEmailLogs(...a: Args<typeof findStaleEmailLogs>): ReturnType<typeof findStaleEmailLogs> {
    return findStaleEmailLogs(this.em, ...a);
  }

  retryFailedRecipients(...a: Args<typeof retryFailedRecipients>): ReturnType<typeof retryFailedRecipients> {
    return retryFailedRecipients(this.em, ...a);
  }

  addRecipients(...a: Args<typeof addRecipients>): ReturnType<typeof addRecipients> {
    return addRecipients(this.em, ...a);
  }

  interruptSendingRecipients(...a: Args<typeof interruptSendingRecipients>): ReturnType<typeof interruptSendingRecipients> {
    return interruptSendingRecipients(this.em, ...a);
  }

  claimPendingRecipients(...a: Args<typeof claimPendingRecipients>): ReturnType<typeof claimPendingRecipients> {
    return claimPendingRecipients(this.em, ...a);
  }

  markRecipients(...a: Args<typeof markRecipients>): ReturnType<typeof markRecipients> {
    return markRecipients(this.em, ...a);
  }

  recipientsOf(...a: Args<typeof recipientsOf>): ReturnType<typeof recipientsOf> {
    return recipientsOf(this.em, ...a);
  }

  finishEmailLog(...a: Args<typeof finishEmailLog>): ReturnType<typeof finishEmailLog> {
    return finishEmailLog(this.em, ...a);
  }
}
