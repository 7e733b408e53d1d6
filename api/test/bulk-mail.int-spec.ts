import { randomUUID } from 'node:crypto';
import { spawnWorker, startSharedStack, startSmtpCapture, uniqueEmail, waitFor, type ManagedProcess, type SmtpCapture, type TestStack } from '@planejador/testing';
import { signUpAdmin, startApi, type ApiHarness } from './api-harness';

/** The file's own database (a shared stack's set-up points DATABASE_URL at the stack's). */
const fileDatabaseUrl = process.env.DATABASE_URL!;

describe('bulk e-mail: each recipient mailed once across retries and restarts; stuck sends swept (issue 16)', () => {
  let api: TestStack;
  let smtp: SmtpCapture;

  beforeAll(async () => {
    // The stack's sweeper runs every second (SWEEP_INTERVAL_MS of the tests) with a grace of one second.
    api = await startSharedStack({ ai: 'offline' });
    ({ smtp } = api);
  });
  afterAll(() => api?.close());

  const sql = <T extends object[]>(text: string, params: unknown[] = []) => api.orm.em.fork().getConnection().execute<T>(text, params);

  it('a send left in "sending" by a worker that died is swept and finished: only those not yet mailed get it, once', async () => {
    const id = randomUUID();
    const subject = `Aviso ${id}`;
    const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((x) => `${x}.${id.slice(0, 8)}@escola.rs.gov.br`);
    // What a worker leaves when it dies mid-send: a mailed, b being mailed (unknown outcome), c and d pending.
    await sql(
      `insert into email_logs (id, admin_email, subject, html, to_addresses, cc_addresses, bcc_addresses, recipient_count, status, attempts, created_at)
       values (?, 'admin@escola.rs.gov.br', ?, '<p>Olá</p>', ?::jsonb, ?::jsonb, '[]'::jsonb, 4, 'sending', 1, now() - interval '1 minute')`,
      [id, subject, JSON.stringify([a, b, c]), JSON.stringify([d])],
    );
    await sql(
      `insert into email_log_recipients (log_id, address, kind, status, sent_at) values (?, ?, 'to', 'sent', now()), (?, ?, 'to', 'sending', null)`,
      [id, a, id, b],
    );
    const log = await waitFor(
      async () => {
        const [row] = await sql<{ status: string; error: string | null }[]>(`select status, error from email_logs where id = ?`, [id]);
        return row.status === 'sent' ? row : null;
      },
      { what: 'the stuck send to be swept and finished', timeoutMs: 15000 },
    );
    // One message each to those not yet mailed, each addressed to them alone.
    const mails = smtp.messages.filter((m) => m.parsed.subject === subject);
    expect(mails.map((m) => m.envelope.to)).toEqual([[c], [d]]);
    expect(log.error).toMatch(/interrompido/);
    expect(log.error).toContain(b);
    const states = await sql<{ address: string; status: string }[]>(`select address, status from email_log_recipients where log_id = ? order by address`, [id]);
    expect(Object.fromEntries(states.map((s) => [s.address, s.status]))).toEqual({ [a]: 'sent', [b]: 'interrupted', [c]: 'sent', [d]: 'sent' });

    // Running the job again (a retry, a restart, the sweeper) mails nobody.
    await sql(`update email_logs set status = 'sending' where id = ?`, [id]);
    await waitFor(async () => (await sql<{ status: string }[]>(`select status from email_logs where id = ?`, [id]))[0].status === 'sent', {
      what: 'second sweep',
      timeoutMs: 15000,
    });
    expect(smtp.messages.filter((m) => m.parsed.subject === subject)).toHaveLength(2);
  });
});

describe('bulk e-mail while the SMTP server is down (fault)', () => {
  let api: ApiHarness;
  let worker: ManagedProcess;
  let smtp: SmtpCapture | undefined;
  let port: number;
  const adminEmail = uniqueEmail('admin');

  beforeAll(async () => {
    // The SMTP server is stopped and started again: an api and a worker of the file's own, on its database.
    process.env.DATABASE_URL = fileDatabaseUrl;
    // A port where an SMTP server was and is no more.
    const gone = await startSmtpCapture();
    port = gone.port;
    await gone.close();
    const env = { SMTP_URL: `smtp://127.0.0.1:${port}`, ADMIN_EMAILS: adminEmail, QUEUE_PREFIX: `${process.env.QUEUE_PREFIX}-smtp-down`, MAIL_RETRY_BASE_MS: '400' };
    api = await startApi(env);
    worker = await spawnWorker(env);
  });
  afterAll(async () => {
    await worker?.stop();
    await api?.close();
    await smtp?.close();
  });

  it('retries until the server is back, then mails each recipient once', async () => {
    const { client } = await signUpAdmin(api, adminEmail);
    const res = await client.post<{ id: string }>('/admin/email-sender', {
      toBulk: 'um@escola.rs.gov.br; dois@escola.rs.gov.br',
      ccBulk: 'tres@escola.rs.gov.br',
      bccBulk: '',
      subject: 'Servidor de volta',
      html: '<p>Olá</p>',
    });
    expect(res.status).toBe(202);
    const state = async () =>
      (await api.orm.em.fork().getConnection().execute<{ status: string; attempts: number; error: string | null }[]>(
        `select status, attempts, error from email_logs where id = ?`,
        [res.body.id],
      ))[0];
    await waitFor(async () => ((await state()).attempts >= 2 ? true : null), { what: 'two failed attempts', timeoutMs: 10000 });
    expect((await state()).error).toBe('Não foi possível conectar ao servidor SMTP.');
    smtp = await startSmtpCapture({}, port);
    await waitFor(async () => ((await state()).status === 'sent' ? true : null), { what: 'the send to finish', timeoutMs: 20000 });
    // The bulk send's messages (the admin's own confirmation mail, retried too once the server is back, is not one).
    const bulk = smtp.messages.filter((m) => !m.envelope.to.includes(adminEmail));
    expect(bulk.map((m) => m.envelope.to)).toEqual([['um@escola.rs.gov.br'], ['dois@escola.rs.gov.br'], ['tres@escola.rs.gov.br']]);
    const recipients = await api.orm.em.fork().getConnection().execute<{ status: string }[]>(
      `select status from email_log_recipients where log_id = ?`,
      [res.body.id],
    );
    expect(recipients.map((r) => r.status)).toEqual(['sent', 'sent', 'sent']);
  });
});
