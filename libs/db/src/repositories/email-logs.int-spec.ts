import { randomUUID } from 'node:crypto';
import { EmailLog } from '../entities';
import { EmailLogsRepository } from './email-logs';
import { createTestDatabase, type TestDatabase } from './__tests__/test-database';

const REFUSED = 'Recusado pelo servidor SMTP.';

describe('e-mail logs repository (PostgreSQL)', () => {
  let db: TestDatabase;
  let emailLogsRepo: EmailLogsRepository;

  beforeAll(async () => {
    db = await createTestDatabase('email_logs');
    emailLogsRepo = new EmailLogsRepository(db.database);
  });
  afterAll(async () => {
    await db?.close();
  });

  const fresh = () => db.orm.em.fork();
  async function log(overrides: Partial<Pick<EmailLog, 'status'>> = {}) {
    const em = fresh();
    const record = em.create(EmailLog, {
      adminEmail: 'admin@teste.dev',
      subject: 'Aviso',
      html: '<p>Oi</p>',
      toAddresses: ['a@teste.dev'],
      ccAddresses: ['b@teste.dev'],
      bccAddresses: [],
      recipientCount: 2,
      ...overrides,
    });
    await em.flush();
    return record;
  }
  const states = async (logId: string) => (await emailLogsRepo.recipientsOf(logId)).map((r) => [r.address, r.status, r.error]);

  it('addRecipients adds each address once, pending; recipientsOf lists them by address', async () => {
    const { id } = await log();
    await emailLogsRepo.addRecipients(id, [
      { address: 'b@teste.dev', kind: 'cc' },
      { address: 'a@teste.dev', kind: 'to' },
    ]);
    await emailLogsRepo.addRecipients(id, [{ address: 'a@teste.dev', kind: 'to' }]);
    await emailLogsRepo.addRecipients(id, []);
    expect(await states(id)).toEqual([
      ['a@teste.dev', 'pending', null],
      ['b@teste.dev', 'pending', null],
    ]);
  });

  it('claimPendingRecipients claims the pending ones once; markRecipients records each outcome', async () => {
    const { id } = await log();
    await emailLogsRepo.addRecipients(id, [
      { address: 'a@teste.dev', kind: 'to' },
      { address: 'b@teste.dev', kind: 'cc' },
      { address: 'c@teste.dev', kind: 'bcc' },
    ]);
    const claimed = await emailLogsRepo.claimPendingRecipients(id);
    expect(claimed.sort((x, y) => x.address.localeCompare(y.address))).toEqual([
      { address: 'a@teste.dev', kind: 'to' },
      { address: 'b@teste.dev', kind: 'cc' },
      { address: 'c@teste.dev', kind: 'bcc' },
    ]);
    expect(await emailLogsRepo.claimPendingRecipients(id)).toEqual([]);
    await emailLogsRepo.markRecipients(id, 'sent', ['a@teste.dev']);
    await emailLogsRepo.markRecipients(id, 'failed', ['b@teste.dev'], REFUSED);
    await emailLogsRepo.markRecipients(id, 'failed', []);
    expect(await states(id)).toEqual([
      ['a@teste.dev', 'sent', null],
      ['b@teste.dev', 'failed', REFUSED],
      ['c@teste.dev', 'sending', null],
    ]);
    const { rows } = await db.pool.query<{ address: string; sent: boolean }>(
      'select address, sent_at is not null as sent from email_log_recipients where log_id = $1 order by address',
      [id],
    );
    expect(rows.map((r) => r.sent)).toEqual([true, false, false]);

    // An attempt that died mid-send: those left 'sending' are interrupted, never mailed again.
    await emailLogsRepo.interruptSendingRecipients(id);
    expect((await states(id))[2]).toEqual(['c@teste.dev', 'interrupted', 'Envio interrompido: a entrega não pôde ser confirmada (não reenviado para não duplicar).']);
  });

  it('retryFailedRecipients makes the failed ones pending again, except those refused outright', async () => {
    const { id } = await log();
    await emailLogsRepo.addRecipients(id, [
      { address: 'a@teste.dev', kind: 'to' },
      { address: 'b@teste.dev', kind: 'to' },
    ]);
    await emailLogsRepo.markRecipients(id, 'failed', ['a@teste.dev'], 'Não foi possível conectar ao servidor SMTP.');
    await emailLogsRepo.markRecipients(id, 'failed', ['b@teste.dev'], REFUSED);
    await emailLogsRepo.retryFailedRecipients(id, REFUSED);
    expect(await states(id)).toEqual([
      ['a@teste.dev', 'pending', null],
      ['b@teste.dev', 'failed', REFUSED],
    ]);
  });

  it('finishEmailLog sets the final state (and the time of a sent one)', async () => {
    const sent = await log({ status: 'sending' });
    const failed = await log({ status: 'sending' });
    await emailLogsRepo.finishEmailLog(sent.id, 'sent', null);
    await emailLogsRepo.finishEmailLog(failed.id, 'failed', 'Nenhum destinatário recebeu o e-mail.');
    expect(await fresh().findOneOrFail(EmailLog, { id: sent.id })).toMatchObject({ status: 'sent', error: null, sentAt: expect.any(Date) });
    expect(await fresh().findOneOrFail(EmailLog, { id: failed.id })).toMatchObject({ status: 'failed', error: 'Nenhum destinatário recebeu o e-mail.', sentAt: null });
  });

  it('findStaleEmailLogs finds the sends left queued or sending past the grace period', async () => {
    const queued = await log();
    const sending = await log({ status: 'sending' });
    const sent = await log({ status: 'sent' });
    const failed = await log({ status: 'failed' });
    const recent = await log();
    for (const { id } of [queued, sending, sent, failed]) {
      await db.pool.query(`update email_logs set created_at = now() - interval '1 minute' where id = $1`, [id]);
    }
    const found = (await emailLogsRepo.findStaleEmailLogs(30)).map((r) => r.id);
    expect(found).toEqual(expect.arrayContaining([queued.id, sending.id]));
    for (const done of [sent, failed, recent]) expect(found).not.toContain(done.id);
  });

  it('insertEmailLog stores an admin’s send as queued; findEmailLog reads it and listEmailLogs lists the latest first', async () => {
    const admin = await db.user({ role: 'admin' });
    const id = await emailLogsRepo.insertEmailLog({
      adminId: admin.id,
      adminEmail: admin.email,
      subject: 'Reunião',
      html: '<p>Amanhã</p>',
      to: ['a@teste.dev'],
      cc: [],
      bcc: ['c@teste.dev'],
      recipientCount: 2,
    });
    const stored = await emailLogsRepo.findEmailLog(id);
    expect(stored).toMatchObject({ adminEmail: admin.email, subject: 'Reunião', text: null, toAddresses: ['a@teste.dev'], ccAddresses: [], bccAddresses: ['c@teste.dev'], recipientCount: 2, status: 'queued', attempts: 0 });
    expect(stored!.admin?.id).toBe(admin.id);
    expect(await emailLogsRepo.findEmailLog(randomUUID())).toBeNull();
    const older = await log();
    await db.pool.query(`update email_logs set created_at = now() - interval '1 hour' where id = $1`, [older.id]);
    const latest = await emailLogsRepo.listEmailLogs(500);
    expect(latest[0].id).toBe(id);
    expect(latest.findIndex((l) => l.id === older.id)).toBeGreaterThan(0);
    expect(await emailLogsRepo.listEmailLogs(1)).toHaveLength(1);
  });

  it('markEmailLogSending records the attempt sending it; markEmailLogQueued puts it back with the error', async () => {
    const { id } = await log();
    await emailLogsRepo.markEmailLogSending(id, 2);
    expect(await emailLogsRepo.findEmailLog(id)).toMatchObject({ status: 'sending', attempts: 2, error: null });
    await emailLogsRepo.markEmailLogQueued(id, 'O servidor SMTP não respondeu a tempo.');
    expect(await emailLogsRepo.findEmailLog(id)).toMatchObject({ status: 'queued', attempts: 2, error: 'O servidor SMTP não respondeu a tempo.' });
  });
});
