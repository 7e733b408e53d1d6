import { LIMITS, MSG, type EmailLogEntry } from '@planejador/contracts';
import {
  signUpTeacher,
  spawnWorker,
  startSharedStack,
  startSmtpCapture,
  uniqueEmail,
  waitFor,
  waitForJobState,
  type CapturedMail,
  type ManagedProcess,
  type SmtpCapture,
  type TestClient,
  type TestStack,
} from '@planejador/testing';
import { randomUUID } from 'node:crypto';
import { jobIds, QUEUES } from '@planejador/queue';
import { EmailLogsRepository } from '@planejador/db';
import { ADMIN_STACK, STACK_ADMINS } from './admin-stack';
import { signUpAdmin, startApi, type ApiHarness } from './api-harness';

type ErrorBody = { message: string; issues?: { path: string; message: string }[] };
type SendAnswer = { message: string; id: string; recipients: number };

const JSON_ONLY = { accept: 'application/json' };
/** The file's own database (a shared stack's set-up points DATABASE_URL at the stack's). */
const fileDatabaseUrl = process.env.DATABASE_URL!;

/** A bulk-send body with a random subject (and these fields). */
const validBody = (overrides: Record<string, unknown> = {}) => ({
  toBulk: 'destino@escola.rs.gov.br',
  ccBulk: '',
  bccBulk: '',
  subject: `Convite ${Math.random().toString(36).slice(2, 8)}`,
  html: '<h1>Olá</h1><p>Conheça o Planejador.</p>',
  text: 'Olá. Conheça o Planejador.',
  ...overrides,
});

/** The admin's bulk send's log, as the admin's list shows it, once it has that status. */
const waitForStatusOf = (admin: TestClient, id: string, status: EmailLogEntry['status'], timeoutMs = 20000) =>
  waitFor(async () => {
    const res = await admin.get<EmailLogEntry[]>('/api/admin/email-logs');
    expect(res.status).toBe(200);
    const log = res.body.find((l) => l.id === id);
    return log?.status === status ? log : undefined;
  }, { what: `e-mail log ${id} to be ${status}`, timeoutMs, intervalMs: 100 });

describe('admin: roles, bulk e-mail through the queue, queue dashboard', () => {
  let api: TestStack;
  let smtp: SmtpCapture;
  const adminEmail = STACK_ADMINS.admin;
  let admin: TestClient;
  let teacher: TestClient;
  let teacherEmail: string;

  beforeAll(async () => {
    // ADMIN_EMAILS names the admin; a short first retry delay of the mail queue keeps the retry cases fast.
    api = await startSharedStack(ADMIN_STACK);
    smtp = api.smtp;
    admin = (await signUpAdmin(api, adminEmail)).client;
    ({ client: teacher, email: teacherEmail } = await signUpTeacher(api));
  });
  afterAll(() => api?.close());

  /** The sends logged for this file's admin and teacher (the stack's database is shared with other files). */
  const countLogs = async () => {
    const [{ count }] = await api.orm.em
      .fork()
      .getConnection()
      .execute<{ count: string }[]>(`select count(*)::text as count from email_logs where admin_email in (?, ?)`, [adminEmail, teacherEmail]);
    return Number(count);
  };
  const attemptsOf = async (id: string) => (await api.repository(EmailLogsRepository).findEmailLog(id))?.attempts;
  const waitForStatus = (id: string, status: EmailLogEntry['status'], timeoutMs = 20000) => waitForStatusOf(admin, id, status, timeoutMs);
  /** The bulk send's job has ended for good (no retry to come): nothing more will be mailed for it. */
  const sendEnded = (logId: string) => waitForJobState(api.jobs.queue(QUEUES.mail), jobIds.bulkMail(logId), ['completed', 'failed']);
  const withSubject = (subject: string) => smtp.messages.filter((m) => m.parsed.subject === subject);
  const send = (body: Record<string, unknown>, client = admin) => client.post<SendAnswer & ErrorBody>('/admin/email-sender', body);
  /** Sends, expects 202 with that many recipients, and waits for the message to arrive. */
  const sendAndReceive = async (body: { subject: string } & Record<string, unknown>, recipients: number) => {
    const res = await send(body);
    expect(res.status).toBe(202);
    expect(res.body.recipients).toBe(recipients);
    return { res, mail: await smtp.waitFor((m) => m.parsed.subject === body.subject) };
  };
  const headerNames = (mail: CapturedMail) => [...mail.parsed.headers.keys()];

  it('an admin is named by ADMIN_EMAILS; a teacher is not', async () => {
    expect((await admin.get<{ role: string }>('/api/auth/user')).body.role).toBe('admin');
    expect((await teacher.get<{ role: string }>('/api/auth/user')).body.role).toBe('teacher');
  });

  it('sends one message per recipient (To, CC and CCO alike), each addressed to that recipient alone; the log becomes sent', async () => {
    const everyone = ['diretora@escola.rs.gov.br', 'coordenacao@escola.rs.gov.br', 'secretaria@escola.rs.gov.br', 'oculta@escola.rs.gov.br'];
    const body = validBody({
      toBulk: 'Diretora@Escola.rs.gov.br; coordenacao@escola.rs.gov.br',
      ccBulk: 'secretaria@escola.rs.gov.br',
      bccBulk: 'oculta@escola.rs.gov.br',
      subject: 'Convite: conheça o Planejador — planos com a BNCC',
      html: '<h1>Convite</h1><ul><li>Rápido</li></ul><a href="https://planejador.test">Acessar</a>',
      text: 'Convite. Acesse https://planejador.test',
    });
    const { res } = await sendAndReceive(body, 4);
    expect(res.body.message).toMatch(/Email enviado com sucesso!/);
    const log = await waitForStatus(res.body.id, 'sent');
    expect(log).toMatchObject({ adminEmail, subject: body.subject, recipientCount: 4, error: null });
    expect(log.sentAt).not.toBeNull();
    expect(await sendEnded(res.body.id)).toBe('completed');
    // One message each, not once per retry; in the order the admin wrote them.
    const mails = withSubject(body.subject);
    expect(mails.map((m) => m.envelope.to)).toEqual(everyone.map((a) => [a]));
    for (const [i, mail] of mails.entries()) {
      const me = everyone[i];
      expect(mail.envelope.from).toBe('nao-responda@planejador.test');
      const to = mail.parsed.to;
      expect(Array.isArray(to) ? null : to?.value.map((a) => a.address)).toEqual([me]);
      expect(mail.parsed.cc).toBeUndefined();
      expect(headerNames(mail)).not.toContain('bcc');
      // No recipient sees another's address, anywhere in the message.
      for (const other of everyone.filter((a) => a !== me)) expect(mail.raw.toLowerCase()).not.toContain(other.split('@')[0] + '@');
      expect(mail.parsed.html).toContain('<h1>Convite</h1>');
      expect(mail.parsed.text?.trim()).toBe('Convite. Acesse https://planejador.test');
    }
  });

  it('lists past sends newest first for admins', async () => {
    const first = await send(validBody({ subject: 'Primeiro da lista' }));
    const second = await send(validBody({ subject: 'Segundo da lista' }));
    const res = await admin.get<EmailLogEntry[]>('/api/admin/email-logs');
    expect(res.status).toBe(200);
    const ids = res.body.map((l) => l.id);
    expect(ids.indexOf(second.body.id)).toBeLessThan(ids.indexOf(first.body.id));
    expect(res.body[0]).toEqual(
      expect.objectContaining({ id: second.body.id, subject: 'Segundo da lista', recipientCount: 1, adminEmail }),
    );
    expect(JSON.stringify(res.body)).not.toMatch(/"html"|toAddresses|destino@/);
  });

  it('refuses teachers (403) and signed-out clients (401) on every admin route', async () => {
    const anonymous = api.client(JSON_ONLY);
    const before = await countLogs();
    for (const [client, status] of [[teacher, 403], [anonymous, 401]] as const) {
      const post = await send(validBody(), client);
      expect(post.status).toBe(status);
      expect(post.body.message).toBe(status === 403 ? MSG.forbidden : MSG.unauthorized);
      expect((await client.get('/api/admin/email-logs')).status).toBe(status);
      const queues = await client.get<ErrorBody>('/admin/queues', JSON_ONLY);
      expect(queues.status).toBe(status);
      expect((await client.get('/admin/queues/api/queues', JSON_ONLY)).status).toBe(status);
    }
    // A teacher's browser gets a page in Portuguese with a way back.
    const refused = await teacher.get<string>('/admin/queues', { accept: 'text/html' });
    expect(refused.status).toBe(403);
    expect(refused.headers.get('content-type')).toMatch(/^text\/html/);
    expect(String(refused.body)).toContain('<h1>Acesso restrito</h1>');
    expect(String(refused.body)).toContain('<a href="/dashboard">Voltar ao Dashboard</a>');
    // A signed-out browser asking for the dashboard page goes to the sign-in page instead.
    const page = await api.client().get('/admin/queues', { accept: 'text/html' });
    expect(page.status).toBe(302);
    expect(page.headers.get('location')).toBe('/auth');
    expect(await countLogs()).toBe(before);
  });

  it('opens the queue dashboard for an admin, over the generation, export, e-mail, assessment and maintenance queues', async () => {
    const page = await admin.get<string>('/admin/queues', { accept: 'text/html' });
    expect(page.status).toBe(200);
    expect(page.text).toMatch(/<div id="root">|bull/i);
    // Nothing from another site (its Google font broke the CSP): every stylesheet and script is the server's own.
    expect(page.text).not.toMatch(/fonts\.googleapis|https?:\/\//);
    expect(page.text).toMatch(/<link href="static\/css\/main\.[0-9a-f]+\.css" rel="stylesheet">/);
    const queues = await admin.get<{ queues: { name: string }[] }>('/admin/queues/api/queues', JSON_ONLY);
    expect(queues.status).toBe(200);
    expect(queues.body.queues.map((q) => q.name).sort()).toEqual(['assessment', 'mail', 'maintenance', 'plan-export', 'plan-generation']);
  });

  it('the queue dashboard is read-only except retrying failed jobs', async () => {
    const producer = api.jobs;
    // A bulk send whose record does not exist fails at once (unrecoverable).
    const logId = randomUUID();
    const job = await producer.enqueue('send-mail', { kind: 'bulk', logId }, jobIds.bulkMail(logId));
    await waitFor(async () => (await job.getState()) === 'failed', { what: 'job to fail' });
    const base = `/admin/queues/api/queues/${QUEUES.mail}`;
    const refused = [
      admin.post(`${base}/add`, { name: 'send-mail', data: { kind: 'bulk', logId } }, JSON_ONLY),
      admin.put(`${base}/promote`, undefined, JSON_ONLY),
      admin.put(`${base}/clean/failed`, undefined, JSON_ONLY),
      admin.put(`${base}/clean/completed`, undefined, JSON_ONLY),
      admin.put(`${base}/empty`, undefined, JSON_ONLY),
      admin.put(`${base}/pause`, undefined, JSON_ONLY),
      admin.put(`${base}/obliterate`, undefined, JSON_ONLY),
      admin.put(`${base}/${job.id}/clean`, undefined, JSON_ONLY),
      admin.request('PATCH', `${base}/${job.id}/update-data`, { data: {} }, JSON_ONLY),
      admin.put(`${base}/retry/completed`, undefined, JSON_ONLY),
      admin.put('/admin/queues/api/queues/pause', undefined, JSON_ONLY),
    ];
    for (const res of await Promise.all(refused)) expect(res.status).toBe(403);
    expect(await job.getState()).toBe('failed');
    // Retrying the failed job is allowed (it fails again: its record does not exist).
    const retried = await admin.put(`${base}/${job.id}/retry`, undefined, JSON_ONLY);
    expect(retried.status).toBe(204);
    await waitFor(async () => (await job.getState()) === 'failed', { what: 'retried job to fail again' });
    expect((await admin.put(`${base}/retry/failed`, undefined, JSON_ONLY)).status).toBeLessThan(300);
    // A completed job cannot be retried (it would run twice).
    const done = await producer.queue(QUEUES.mail).getJobs(['completed'], 0, 0);
    if (done[0]) expect((await admin.put(`${base}/${done[0].id}/retry`, undefined, JSON_ONLY)).status).toBe(403);
    await producer.queue(QUEUES.mail).remove(job.id!).catch(() => undefined);
  });

  it('refuses invalid input with the spec messages and writes nothing', async () => {
    const hundredAndOne = Array.from({ length: LIMITS.emailMaxRecipients + 1 }, (_, i) => `pessoa${i}@escola.rs.gov.br`);
    const cases: [Record<string, unknown>, string][] = [
      [validBody({ toBulk: '', ccBulk: '', bccBulk: '' }), MSG.noRecipients],
      [validBody({ toBulk: 'nao-e-email; tambem@nao', ccBulk: '', bccBulk: '' }), MSG.noRecipients],
      [validBody({ toBulk: 'invalido', ccBulk: 'copia@escola.rs.gov.br' }), MSG.emailToRequired],
      [validBody({ toBulk: hundredAndOne.join(';') }), MSG.tooManyRecipients],
      [validBody({ toBulk: hundredAndOne.slice(0, 50).join(';'), ccBulk: hundredAndOne.slice(50, 80).join('; '), bccBulk: hundredAndOne.slice(80).join(';') }), MSG.tooManyRecipients],
      [validBody({ subject: '' }), MSG.subjectRequired],
      [validBody({ subject: '   ' }), MSG.subjectRequired],
      [validBody({ subject: 'a'.repeat(LIMITS.emailSubjectMax + 1) }), MSG.subjectTooLong],
      [validBody({ html: '' }), MSG.htmlRequired],
      [validBody({ html: 'x'.repeat(LIMITS.emailHtmlMax + 1) }), MSG.htmlTooLong],
      [validBody({ text: 'x'.repeat(LIMITS.emailTextMax + 1) }), MSG.textBodyTooLong],
    ];
    const before = await countLogs();
    for (const [body, message] of cases) {
      const res = await send(body);
      expect({ status: res.status, messages: res.body.issues?.map((i) => i.message) }).toEqual({
        status: 400,
        messages: expect.arrayContaining([message]),
      });
    }
    // Subjects with line breaks are refused outright (a header injection attempt).
    for (const subject of ['Olá\r\nBcc: evil@x.com', 'Olá\nX-Extra: 1', 'Olá\rBcc: evil@x.com']) {
      const res = await send(validBody({ subject }));
      expect(res.status).toBe(400);
      expect(res.body.issues?.map((i) => i.path)).toContain('subject');
      expect(res.body.message).toBe(MSG.subjectLineBreak);
    }
    // Exactly 100 is accepted (the limit is inclusive).
    const ok = await send(validBody({ toBulk: hundredAndOne.slice(0, 100).join(';') }));
    expect(ok.status).toBe(202);
    expect(ok.body.recipients).toBe(100);
    expect(await countLogs()).toBe(before + 1);
  });

  it('drops invalid addresses silently and de-duplicates across Para, CC and CCO', async () => {
    const body = validBody({
      toBulk: ' um@escola.rs.gov.br ; invalido ; UM@escola.rs.gov.br;; dois@escola.rs.gov.br ',
      ccBulk: 'dois@escola.rs.gov.br; tres@escola.rs.gov.br; sem-arroba',
      bccBulk: 'Tres@Escola.rs.gov.br; um@escola.rs.gov.br; quatro@escola.rs.gov.br; a@b',
    });
    const { res } = await sendAndReceive(body, 4);
    await waitForStatus(res.body.id, 'sent');
    const mails = withSubject(body.subject);
    expect(mails.map((m) => m.envelope.to)).toEqual([['um@escola.rs.gov.br'], ['dois@escola.rs.gov.br'], ['tres@escola.rs.gov.br'], ['quatro@escola.rs.gov.br']]);
    for (const mail of mails) expect(mail.parsed.cc).toBeUndefined();
  });

  it('accepts the to/cc/bcc arrays of the spec payload too', async () => {
    const body = { to: ['lista@escola.rs.gov.br'], cc: ['copia@escola.rs.gov.br'], bcc: ['oculta2@escola.rs.gov.br'], subject: 'Só arrays', html: '<p>oi</p>' };
    const res = await send(body);
    expect(res.status).toBe(202);
    await waitForStatus(res.body.id, 'sent');
    expect(withSubject('Só arrays').map((m) => m.envelope.to)).toEqual([['lista@escola.rs.gov.br'], ['copia@escola.rs.gov.br'], ['oculta2@escola.rs.gov.br']]);
  });

  it('never lets a header injection add headers or recipients', async () => {
    const body = validBody({
      toBulk: 'alvo@escola.rs.gov.br; a@b.com\r\nBcc: evil@x.com; c@d.com\nX-Injected: yes',
      ccBulk: 'copia@escola.rs.gov.br\r\nBcc: evil2@x.com',
      bccBulk: 'oculta@escola.rs.gov.br\r\n\r\nEvil body',
      subject: 'Sem injeção',
    });
    const arrays = validBody({ toBulk: '', to: ['alvo2@escola.rs.gov.br', 'x@y.com\r\nBcc: evil3@x.com'], subject: 'Sem injeção (arrays)' });
    const ids: string[] = [];
    for (const b of [body, arrays]) {
      const res = await send(b);
      expect(res.status).toBe(202);
      ids.push(res.body.id);
    }
    // Both sends over (one message per recipient) before the next test makes the server fail.
    for (const id of ids) await waitForStatus(id, 'sent');
    const mail = await smtp.waitFor((m) => m.parsed.subject === 'Sem injeção');
    const viaArrays = await smtp.waitFor((m) => m.parsed.subject === 'Sem injeção (arrays)');
    expect(mail.envelope.to).toEqual(['alvo@escola.rs.gov.br']);
    expect(viaArrays.envelope.to).toEqual(['alvo2@escola.rs.gov.br']);
    for (const m of [mail, viaArrays]) {
      expect(m.raw).not.toMatch(/evil|X-Injected/i);
      expect(headerNames(m)).not.toContain('bcc');
      expect(headerNames(m)).not.toContain('x-injected');
    }
    // Every message so far reached only addresses that were asked for.
    expect(smtp.messages.flatMap((m) => m.envelope.to).filter((a) => /evil/.test(a))).toEqual([]);
  });

  it('retries transient SMTP failures: two 451 replies, then delivered exactly once and sent', async () => {
    // No other message in flight: the two failures are this send's.
    const mailQueue = api.jobs.queue(QUEUES.mail);
    await waitFor(async () => {
      const counts = await mailQueue.getJobCounts('active', 'waiting', 'delayed', 'prioritized');
      return Object.values(counts).every((n) => n === 0);
    }, { what: 'the mail queue to be idle', timeoutMs: 20000 });
    const before = smtp.messages.length;
    smtp.failNext(2, 451);
    const body = validBody({ subject: 'Depois de duas falhas' });
    const res = await send(body);
    expect(res.status).toBe(202);
    const log = await waitForStatus(res.body.id, 'sent');
    expect(log.error).toBeNull();
    expect(await sendEnded(res.body.id)).toBe('completed');
    expect(withSubject(body.subject)).toHaveLength(1);
    expect(smtp.messages.slice(before).map((m) => m.parsed.subject)).toEqual([body.subject]);
    expect(await attemptsOf(res.body.id)).toBe(3);
  });

  // These two make the SMTP server fail for good, so they run last.
  it('marks the record failed with a readable reason when the server refuses permanently (550), without retrying', async () => {
    smtp.failAlways(550);
    const res = await send(validBody({ subject: 'Recusado para sempre' }));
    expect(res.status).toBe(202);
    const log = await waitForStatus(res.body.id, 'failed');
    expect(log.error).toMatch(/^Servidor SMTP recusou o envio \(550\)/);
    expect(await attemptsOf(res.body.id)).toBe(1);
  });

  it('gives up after the retries when the server keeps answering 451, and says why', async () => {
    smtp.failAlways(451);
    const res = await send(validBody({ subject: 'Sempre ocupado' }));
    const log = await waitForStatus(res.body.id, 'failed', 30000);
    expect(log.error).toMatch(/^Servidor SMTP recusou o envio \(451\)/);
    expect(await attemptsOf(res.body.id)).toBe(5);
    expect(withSubject('Sempre ocupado')).toHaveLength(0);
  });
});

describe('admin: bulk e-mail to an SMTP server that refuses some mailboxes', () => {
  let api: ApiHarness;
  let smtp: SmtpCapture;
  let worker: ManagedProcess;
  const adminEmail = uniqueEmail('admin');
  let admin: TestClient;

  beforeAll(async () => {
    // The server refuses mailboxes named 'inexistente' (a 550 at RCPT TO) and takes the others: a server of the
    // file's own, and so an api and a worker of its own, on the file's database.
    smtp = await startSmtpCapture({
      onRcptTo(address, _session, callback) {
        if (address.address.startsWith('inexistente')) {
          return callback(Object.assign(new Error('No such user'), { responseCode: 550 }));
        }
        callback();
      },
    });
    process.env.DATABASE_URL = fileDatabaseUrl;
    api = await startApi({ SMTP_URL: smtp.url, ADMIN_EMAILS: adminEmail, MAIL_RETRY_BASE_MS: '50' });
    worker = await spawnWorker({ SMTP_URL: smtp.url, MAIL_FROM: 'Planejador <nao-responda@planejador.test>' });
    admin = (await signUpAdmin(api, adminEmail)).client;
  });
  afterAll(async () => {
    await worker?.stop();
    await api?.close();
    await smtp?.close();
  });

  const waitForStatus = (id: string, status: EmailLogEntry['status'], timeoutMs = 20000) => waitForStatusOf(admin, id, status, timeoutMs);
  const withSubject = (subject: string) => smtp.messages.filter((m) => m.parsed.subject === subject);
  const send = (body: Record<string, unknown>) => admin.post<SendAnswer & ErrorBody>('/admin/email-sender', body);

  it('records the addresses the SMTP server refused while delivering to the others; all refused means failed', async () => {
    const partial = validBody({ toBulk: 'existe@escola.rs.gov.br; inexistente@escola.rs.gov.br', subject: 'Parcialmente recusado' });
    const res = await send(partial);
    const mail = await smtp.waitFor((m) => m.parsed.subject === 'Parcialmente recusado');
    expect(mail.envelope.to).toEqual(['existe@escola.rs.gov.br']);
    const log = await waitForStatus(res.body.id, 'sent');
    expect(log.error).toBe('Endereços recusados pelo servidor SMTP (1): inexistente@escola.rs.gov.br');

    const none = await send(validBody({ toBulk: 'inexistente@escola.rs.gov.br', subject: 'Todos recusados' }));
    const failed = await waitForStatus(none.body.id, 'failed');
    expect(failed.error).toBe('Endereços recusados pelo servidor SMTP (1): inexistente@escola.rs.gov.br');
    expect(withSubject('Todos recusados')).toHaveLength(0);
  });
});
