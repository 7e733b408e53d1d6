import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import { classifyMailError, MailTransport } from '@planejador/mail';
import { loadSettings } from '@planejador/config';
import { jobOptions, JOBS, jobIds, QUEUES } from '@planejador/queue';
import {
  spawnWorker,
  startSmtpCapture,
  waitFor,
  waitForJobState,
  waitForSchedulerRun,
  type ManagedProcess,
  type SmtpCapture,
  openTestClient,
  type TestPgClient,
} from '@planejador/testing';

/**
 * A lost SMTP connection means "not sent" before the server had the message and "maybe delivered" after it
 * (DATA accepted): only the first may be sent again. Against a real SMTP server (smtp-server) that drops the
 * connection at a chosen point.
 */

/** A queue of the worker's (this file's QUEUE_PREFIX). */
const openQueue = (name: string) => {
  const { hostname, port } = new URL(process.env.REDIS_URL!);
  return new Queue(name, {
    connection: { host: hostname, port: Number(port), maxRetriesPerRequest: null },
    prefix: process.env.QUEUE_PREFIX,
    defaultJobOptions: jobOptions(loadSettings())[QUEUES.mail],
  });
};

describe('SMTP transport: whether a failed send may have reached the server', () => {
  let smtp: SmtpCapture;
  const others: SmtpCapture[] = [];
  const transports: MailTransport[] = [];

  beforeAll(async () => {
    smtp = await startSmtpCapture();
  });
  afterAll(async () => {
    for (const t of transports) t.close();
    await Promise.all([smtp, ...others].map((s) => s?.close()));
  });

  const transport = (url = smtp.url) => {
    const t = new MailTransport({ smtpUrl: url, from: 'Planejador <nao-responda@planejador.dev>' });
    transports.push(t);
    return t;
  };
  const mail = (subject: string) => ({ to: ['um@escola.rs.gov.br'], cc: ['dois@escola.rs.gov.br'], subject, html: '<p>Olá</p>' });
  /** The error a send fails with. */
  const failure = async (t: MailTransport, subject: string) => {
    const err = await t.send(mail(subject)).then(
      () => null,
      (e: unknown) => e as Error & { smtpStage?: string; responseCode?: number },
    );
    if (!err) throw new Error('the send should have failed');
    return err;
  };
  const received = (subject: string) => smtp.messages.filter((m) => m.parsed.subject === subject).length;

  it('the connection lost after the server received the whole message: delivery unknown, not to be sent again', async () => {
    smtp.dropNext(1, 'data');
    const err = await failure(transport(), 'Depois do DATA');
    expect(received('Depois do DATA')).toBe(1);
    expect(err.smtpStage).toBe('message');
    expect(err.responseCode).toBeUndefined();
    expect(classifyMailError(err)).toBe('unknown');
  });

  it('the connection lost at MAIL FROM: nothing handed over, to be tried again', async () => {
    smtp.dropNext(1, 'mail');
    const err = await failure(transport(), 'No MAIL FROM');
    expect(received('No MAIL FROM')).toBe(0);
    expect(err.smtpStage).toBe('envelope');
    expect(classifyMailError(err)).toBe('retry');
  });

  it('a refused connection, a 421 greeting or a temporary login failure: to be tried again', async () => {
    const gone = await startSmtpCapture();
    await gone.close();
    const refused = await failure(transport(gone.url), 'Recusada');
    expect(refused.smtpStage).toBe('connect');
    expect(classifyMailError(refused)).toBe('retry');

    const busy = await startSmtpCapture({
      onConnect: (_session, callback) => callback(Object.assign(new Error('Too busy, try later'), { responseCode: 421 })),
    });
    others.push(busy);
    const greeting = await failure(transport(busy.url), 'Saudação');
    expect(greeting.smtpStage).toBe('connect');
    expect(classifyMailError(greeting)).toBe('retry');

    let authCode = 454;
    const auth = await startSmtpCapture({
      authOptional: false,
      allowInsecureAuth: true,
      onAuth: (_auth, _session, callback) => callback(Object.assign(new Error('Authentication failed'), { responseCode: authCode })),
    });
    others.push(auth);
    const authUrl = auth.url.replace('smtp://', 'smtp://usuario:senha@');
    const temporary = await failure(transport(authUrl), 'Login');
    expect(temporary.smtpStage).toBe('auth');
    expect(classifyMailError(temporary)).toBe('retry');
    // Refused for good (5xx): nothing was handed over either, but trying again would not help.
    authCode = 535;
    expect(classifyMailError(await failure(transport(authUrl), 'Login'))).toBe('final');
    expect(auth.messages).toHaveLength(0);
  });

  it('a reply to the message decides: 4xx to be tried again, 5xx refused for good', async () => {
    smtp.failNext(1, 451);
    const later = await failure(transport(), 'Recusada 451');
    expect(later).toMatchObject({ smtpStage: 'message', responseCode: 451 });
    expect(classifyMailError(later)).toBe('retry');
    smtp.failNext(1, 550);
    expect(classifyMailError(await failure(transport(), 'Recusada 550'))).toBe('final');
    expect(received('Recusada 451') + received('Recusada 550')).toBe(0);
  });

  it('a confirmed send reports the accepted recipients', async () => {
    const sent = await transport().send(mail('Confirmado'));
    expect(sent.accepted.sort()).toEqual(['dois@escola.rs.gov.br', 'um@escola.rs.gov.br']);
    expect(sent.messageId).toMatch(/^<.+>$/);
    expect(received('Confirmado')).toBe(1);
  });
});

describe('bulk e-mail: the connection lost after the server took the message never mails its recipients again', () => {
  let smtp: SmtpCapture;
  let worker: ManagedProcess;
  let db: TestPgClient;
  let mailQueue: Queue;
  let maintenanceQueue: Queue;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    db = await openTestClient();
    mailQueue = openQueue(QUEUES.mail);
    maintenanceQueue = openQueue(QUEUES.maintenance);
    worker = await spawnWorker({ SMTP_URL: smtp.url, MAIL_RETRY_BASE_MS: '50' });
  });
  afterAll(async () => {
    await worker?.stop();
    await mailQueue?.close();
    await maintenanceQueue?.close();
    await db?.end();
    await smtp?.close();
  });

  /** A bulk send stored as the api stores it, and queued as the api queues it. */
  async function queueBulk(subject: string, to: string[], cc: string[]) {
    const id = randomUUID();
    await db.query(
      `insert into email_logs (id, admin_email, subject, html, to_addresses, cc_addresses, bcc_addresses, recipient_count)
       values ($1, 'admin@escola.rs.gov.br', $2, '<p>Olá</p>', $3::jsonb, $4::jsonb, '[]'::jsonb, $5)`,
      [id, subject, JSON.stringify(to), JSON.stringify(cc), to.length + cc.length],
    );
    await mailQueue.add(JOBS.sendMail, { kind: 'bulk', logId: id }, { jobId: jobIds.bulkMail(id), backoff: { type: 'exponential', delay: 50 } });
    return id;
  }
  const finished = (id: string) =>
    waitFor(
      async () => {
        const { rows } = await db.query<{ status: string; error: string | null; attempts: number }>('select status, error, attempts from email_logs where id = $1', [id]);
        return rows[0].status === 'sent' || rows[0].status === 'failed' ? rows[0] : null;
      },
      { what: 'the bulk send to finish', timeoutMs: 20000 },
    );
  const recipients = async (id: string) =>
    Object.fromEntries(
      (await db.query<{ address: string; status: string }>('select address, status from email_log_recipients where log_id = $1', [id])).rows.map((r) => [r.address, r.status]),
    );
  const mailed = (subject: string) => smtp.messages.filter((m) => m.parsed.subject === subject);

  it('the recipient whose message was cut after DATA becomes interrupted (delivery not confirmed), the others get theirs, nothing is sent again', async () => {
    const tag = randomUUID().slice(0, 8);
    const [a, b, c] = ['a', 'b', 'c'].map((x) => `${x}.${tag}@escola.rs.gov.br`);
    const subject = `Caiu depois do DATA ${tag}`;
    smtp.dropNext(1, 'data');
    const id = await queueBulk(subject, [a, b], [c]);
    expect(await waitForJobState(mailQueue, jobIds.bulkMail(id), ['completed', 'failed'])).toBe('completed');
    const log = await finished(id);
    // The job is over and a sweep after it re-queues nothing: one message each, to that recipient alone.
    await waitForSchedulerRun(maintenanceQueue, JOBS.sweepPlans);
    expect(mailed(subject).map((m) => m.envelope.to)).toEqual([[a], [b], [c]]);
    expect(await recipients(id)).toEqual({ [a]: 'interrupted', [b]: 'sent', [c]: 'sent' });
    expect(log.status).toBe('sent');
    expect(log.attempts).toBe(1);
    expect(log.error).toBe(`Envio interrompido, entrega não confirmada (1): ${a}`);
  });

  it('the connection lost before the message (at MAIL FROM): recipients stay pending and are mailed once on the retry', async () => {
    const tag = randomUUID().slice(0, 8);
    const [a, b] = ['a', 'b'].map((x) => `${x}.${tag}@escola.rs.gov.br`);
    const subject = `Caiu no MAIL FROM ${tag}`;
    smtp.dropNext(1, 'mail');
    const id = await queueBulk(subject, [a], [b]);
    const log = await finished(id);
    expect(log).toMatchObject({ status: 'sent', attempts: 2 });
    expect(mailed(subject).map((m) => m.envelope.to)).toEqual([[a], [b]]);
    expect(await recipients(id)).toEqual({ [a]: 'sent', [b]: 'sent' });
  });
});
