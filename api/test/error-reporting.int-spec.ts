import { flushErrorReporting, reportError } from '@planejador/config';
import { generateRequest, PASSWORD, requestPlan, signUpTeacher, spawnWorker, startFakeAi, startFakeSentry, teacherWithTurma, type FakeAi, type FakeSentry, type ManagedProcess } from '@planejador/testing';
import { startApi, type ApiHarness } from './api-harness';

/**
 * SENTRY_DSN: the api and the worker report errors to Sentry (a real HTTP server taking envelopes), scrubbed; the
 * page gets the DSN to report its own (web/e2e/error-reporting.e2e-spec.ts).
 */
describe('error reporting to Sentry', () => {
  let sentry: FakeSentry;
  let ai: FakeAi;
  let api: ApiHarness;
  let worker: ManagedProcess;

  beforeAll(async () => {
    sentry = await startFakeSentry();
    ai = await startFakeAi();
    const env = { SENTRY_DSN: sentry.dsn, OPENAI_API_KEY: 'k', OPENAI_BASE_URL: ai.url, OPENAI_TIMEOUT_MS: '2000', AI_ATTEMPTS: '1', GENERATION_RETRY_BASE_MS: '20' };
    api = await startApi(env);
    worker = await spawnWorker(env);
  });
  afterAll(async () => {
    await worker?.stop();
    await api?.close();
    await ai?.close();
    await sentry?.close();
  });

  it('a plan that fails for good reaches Sentry from the worker, with the job and no secrets', async () => {
    const { client, turma } = await teacherWithTurma(api);
    ai.script({ status: 500, times: 1000 });
    await requestPlan(client, generateRequest(turma.id, ['Frações com receitas'], { temaPrincipal: 'Frações' }));
    const event = await sentry.waitForEvent((e) => (e.tags as Record<string, string> | undefined)?.job === 'generate-plan', 60000);
    expect((event.tags as Record<string, string>).service).toBe('worker');
    expect(event.server_name).toBe('worker');
    ai.reset();
  }, 90000);

  it('an unexpected error of the api (a 500) reaches Sentry with its route, without the cookie, the e-mail or the body', async () => {
    const { client, user } = await signUpTeacher(api);
    // A real PostgreSQL error on this one insert: a trigger that fails only for this comment (other files share
    // the table).
    const marker = `falha-sentry-${Date.now()}`;
    const fn = `sentry_boom_${Date.now()}`;
    const connection = api.orm.em.getConnection();
    await connection.execute(
      `create function ${fn}() returns trigger language plpgsql as $$ begin if new.comment = '${marker}' then raise exception 'falha de teste %', new.comment; end if; return new; end $$`,
    );
    await connection.execute(`create trigger ${fn} before insert on feedback for each row execute function ${fn}()`);
    try {
      const res = await client.post('/api/feedback', { rating: 4, comment: marker });
      expect(res.status).toBe(500);
    } finally {
      await connection.execute(`drop trigger ${fn} on feedback`);
      await connection.execute(`drop function ${fn}()`);
    }
    const event = await sentry.waitForEvent((e) => JSON.stringify(e.exception ?? '').includes(marker));
    const tags = event.tags as Record<string, string>;
    expect(tags.service).toBe('api');
    expect(tags.method).toBe('POST');
    expect(tags.path).toBe('/api/feedback');
    expect(event.server_name).toBe('api');
    // The database's message, not the ORM's statement with the row's values.
    expect((event.exception as { values: { value: string }[] }).values.some((v) => v.value === `falha de teste ${marker}`)).toBe(true);
    const everything = sentry.raw.join('\n');
    expect(everything).not.toContain(user.email);
    expect(everything).not.toContain(PASSWORD);
    expect(everything).not.toMatch(/connect\.sid|planejador\.sid|cookie|insert into/i);
  });

  it("a browser's error posted to the api's log is stored but not forwarded (the page reports to Sentry itself)", async () => {
    const { client } = await signUpTeacher(api);
    const sent = await client.post('/api/logs/frontend-error', { message: 'Boom no navegador', url: 'http://localhost/plano/123?token=segredo#x' });
    expect(sent.status).toBe(201);
    // An error reported through the api's Sentry client after that request has arrived, and every event queued
    // before it is sent: had the browser's error been forwarded, it would be here by now.
    const marker = `depois-do-navegador-${Date.now()}`;
    reportError(new Error(marker));
    await sentry.waitForEvent((e) => JSON.stringify(e.exception ?? '').includes(marker));
    await flushErrorReporting(5000);
    expect(sentry.raw.join('\n')).not.toContain('Boom no navegador');
  });

  it('the page gets the DSN at run time (a meta tag) and its CSP lets it reach Sentry', async () => {
    const page = await api.client().get<string>('/', { accept: 'text/html' });
    expect(page.status).toBe(200);
    const dsn = /<meta name="sentry-dsn" content="([^"]+)"/.exec(page.text)?.[1];
    expect(dsn).toBe(sentry.dsn);
    expect(page.headers.get('content-security-policy')).toMatch(new RegExp(`(^|;)\\s*connect-src 'self' ${new URL(sentry.dsn).origin.replace(/[.]/g, '\\.')}(;|$)`));
  });

  it('without SENTRY_DSN nothing is sent', async () => {
    const plain = await startApi({});
    try {
      const before = sentry.raw.length;
      const { client } = await signUpTeacher(plain);
      await client.post('/api/logs/frontend-error', { message: 'Sem DSN', url: 'http://localhost/' });
      // The page carries no DSN, so the browser loads no Sentry code; the CSP names no Sentry host.
      const page = await plain.client().get<string>('/', { accept: 'text/html' });
      expect(page.text).toContain('<div id="root">');
      expect(page.text).not.toContain('sentry');
      expect(page.headers.get('content-security-policy')).not.toContain('127.0.0.1');
      // Whatever the api queued for Sentry is sent by now (without a DSN it queues nothing).
      await flushErrorReporting(5000);
      expect(sentry.raw.length).toBe(before);
    } finally {
      await plain.close();
    }
  });
});
