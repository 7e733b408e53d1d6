import { newContext, startFakeSentry, uniqueEmail, waitFor, type FakeSentry } from '@planejador/testing';
import type { BrowserContext, Page } from 'playwright-core';
import { registerViaUi, useStackAndBrowser } from './flows';

type SentryEvent = Record<string, unknown> & { tags?: Record<string, string>; exception?: { values?: { value?: string }[] } };

const exceptionText = (event: SentryEvent) => (event.exception?.values ?? []).map((v) => v.value ?? '').join('\n');

/** SENTRY_DSN set on the api: the page gets it at run time and sends its own errors (@sentry/react), scrubbed. */
describe('the web reports its errors to Sentry (Chromium, a real HTTP server taking envelopes)', () => {
  let sentry: FakeSentry;
  // Filled before the stack starts (the hooks run in order).
  const env: Record<string, string> = {};
  beforeAll(async () => {
    sentry = await startFakeSentry();
    env.SENTRY_DSN = sentry.dsn;
  });
  afterAll(() => sentry?.close());
  const session = useStackAndBrowser(env);
  let context: BrowserContext;
  let page: Page;
  const password = 'SenhaSecreta987';
  let email: string;

  beforeAll(async () => {
    context = await newContext(session.browser, 'desktop', session.stack.url);
    page = await context.newPage();
    email = uniqueEmail('sentry');
    await registerViaUi(page, session.stack.url, { email, password, firstName: 'Olga' });
  });
  afterAll(() => context?.close());

  it('an uncaught error of the page reaches Sentry tagged web, without the URL token, the e-mail, the password or the cookie', async () => {
    await page.goto(`${session.stack.url}/dashboard?token=segredo-da-url#frag`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    // The SDK loads after the page: throw until one arrives.
    const event = await waitFor(
      async () => {
        await page.evaluate(() => {
          setTimeout(() => {
            throw new Error('Boom no navegador (e2e)');
          });
        });
        await page.waitForTimeout(300);
        return (sentry.events as SentryEvent[]).find((e) => exceptionText(e).includes('Boom no navegador (e2e)')) ?? null;
      },
      { timeoutMs: 20000, what: "the page's error in Sentry" },
    );
    expect(event.tags?.service).toBe('web');
    expect(event.platform).toBe('javascript');
    expect((event.request as { url?: string } | undefined)?.url).toBe(`${session.stack.url}/dashboard`);
    const everything = sentry.raw.join('\n');
    expect(everything).not.toContain('segredo-da-url');
    expect(everything).not.toContain(email);
    expect(everything).not.toContain(password);
    expect(everything).not.toMatch(/planejador\.sid|connect\.sid|cookie/i);
  });

  it("an error shown on the error screen (a page's code that cannot load) reaches Sentry too", async () => {
    await page.goto(`${session.stack.url}/dashboard`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    const blockTurmasChunk = (url: URL) => /\/assets\/turmas-route-[^/]+\.js$/.test(url.pathname);
    await page.route(blockTurmasChunk, (route) => route.abort());
    await page.getByRole('navigation', { name: 'Navegação principal' }).getByRole('link', { name: 'Turmas' }).click();
    await page.getByRole('heading', { name: 'Ops! Algo deu errado' }).waitFor();
    const event = await sentry.waitForEvent((e) => /turmas-route/.test(exceptionText(e as SentryEvent)), 20000);
    expect((event as SentryEvent).tags?.service).toBe('web');
    await page.unroute(blockTurmasChunk);
  });
});
