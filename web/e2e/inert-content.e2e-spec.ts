import JSZip from 'jszip';
import { createTurma, generateRequest, launchBrowser, newContext, pageClient, registerTeacher, requestPlan, startStack, uniqueEmail, waitForPlan, type Stack } from '@planejador/testing';
import type { Browser, BrowserContext, Page } from 'playwright-core';

/*
 * Text with HTML and script, typed by a teacher (name, class, notes, lesson prompts) or written by the AI
 * (the fake model echoes the lesson prompt into every field, so its answers carry the same markup), is shown
 * as text on the pages, written as text in the .docx and escaped in the e-mail. Nothing runs.
 */

const IMG = '<img src=x onerror="window.__xss=1">';
const SCRIPT = '<script>window.__xss=1</script>';

/** Nothing of the markup became an element, nothing set window.__xss, and the browser refused no inline code. */
async function expectInert(page: Page, refusals: string[]): Promise<void> {
  expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
  expect(await page.locator('img[src="x"], img[onerror]').count()).toBe(0);
  const scripts = await page.locator('script').evaluateAll((elements) => elements.filter((e) => (e.textContent ?? '').includes('__xss')).length);
  expect(scripts).toBe(0);
  expect(refusals).toEqual([]);
}

describe('HTML and script in teachers\' texts and AI answers stay text', () => {
  let stack: Stack;
  let browser: Browser;
  let context: BrowserContext;

  beforeAll(async () => {
    stack = await startStack({ ai: 'fake', aiLatencyMs: 50, env: { LOG_LEVEL: 'info' } });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await stack?.stop();
  });

  it('on the classes, dashboard, history and plan pages, in the .docx and in the reset e-mail', async () => {
    context = await newContext(browser, 'desktop', stack.url);
    const page = await context.newPage();
    // CSP refusals would mean the markup reached the DOM as code (the CSP only hides the symptom).
    const refusals: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to execute/i.test(message.text())) refusals.push(message.text());
    });
    page.on('pageerror', (error) => refusals.push(error.message));

    // Set-up through the api with the browser's own cookies.
    const api = pageClient(page, stack.url);
    const { email } = await registerTeacher(api, {
      email: uniqueEmail('inerte'),
      password: 'segredo123',
      confirmPassword: 'segredo123',
      firstName: IMG,
      lastName: SCRIPT,
    });
    const turma = await createTurma(api, {
      nomeProfessor: `Profa. ${IMG}`,
      numero: '<b>51</b>',
      escola: `Escola ${SCRIPT}`,
      ano: '5',
      observacoesAdicionais: `Notas ${IMG} e ${SCRIPT}`,
    });
    const id = await requestPlan(api, generateRequest(turma.id, [`Frações ${IMG}`, `Medidas ${SCRIPT}`], { temaPrincipal: `Tema ${IMG}` }));
    const plano = await waitForPlan(api, id, { states: ['done'], timeoutMs: 30000 });
    // The AI's answers carry the markup too.
    expect(plano.aulas[0].objetivos).toContain(IMG);
    expect(plano.aulas[1].experiencias).toContain(SCRIPT);

    await page.goto(`${stack.url}/turmas`);
    await page.getByText(`Notas ${IMG} e ${SCRIPT}`).waitFor();
    await page.getByText(`Escola ${SCRIPT}`).first().waitFor();
    await page.getByText('<b>51</b>').first().waitFor();
    await expectInert(page, refusals);

    await page.goto(`${stack.url}/dashboard`);
    await page.getByText(`Tema ${IMG}`).first().waitFor();
    await expectInert(page, refusals);

    await page.goto(`${stack.url}/historico`);
    await page.getByText(`Tema ${IMG}`).first().waitFor();
    await expectInert(page, refusals);

    await page.goto(`${stack.url}/plano/${id}?edit=false`);
    await page.getByRole('heading', { name: 'Visualizar Plano', level: 1 }).waitFor();
    await page.getByText(`Frações ${IMG}`, { exact: true }).first().waitFor();
    await page.getByText(plano.aulas[0].objetivos!, { exact: true }).waitFor();
    await page.getByText(plano.aulas[1].experiencias!, { exact: true }).waitFor();
    await expectInert(page, refusals);

    // Edit mode: the texts are in text boxes, still inert.
    await page.goto(`${stack.url}/plano/${id}?edit=true`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    const boxes = await page.locator('textarea').evaluateAll((elements) => elements.map((e) => (e as HTMLTextAreaElement).value));
    expect(boxes.some((value) => value.includes(IMG))).toBe(true);
    await expectInert(page, refusals);

    // The .docx: the markup is character data of the document, never Word markup or HTML.
    const exported = await page.request.get(`${stack.url}/api/planos/${id}/export`);
    expect(exported.status()).toBe(200);
    const zip = await JSZip.loadAsync(await exported.body());
    const xml = await zip.file('word/document.xml')!.async('string');
    expect(xml).not.toMatch(/<img|<script|<b>/);
    expect(xml).toContain('&lt;img src=x onerror=');
    expect(xml).toContain('&lt;script&gt;window.__xss=1&lt;/script&gt;');
    const text = xml.replace(/<[^>]+>/g, '').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&amp;/g, '&');
    expect(text).toContain(`Frações ${IMG}`);
    expect(text).toContain(`Medidas ${SCRIPT}`);

    // The reset e-mail greets the teacher by the name typed at sign-up: escaped in the HTML part.
    expect((await page.request.post(`${stack.url}/api/auth/forgot-password`, { data: { email } })).status()).toBe(200);
    const mail = await stack.smtp.waitFor((m) => m.envelope.to.includes(email) && /Redefinição de senha/.test(m.parsed.subject ?? ''));
    const html = typeof mail.parsed.html === 'string' ? mail.parsed.html : '';
    expect(html).toContain('Olá, &lt;img src=x onerror=&quot;window.__xss=1&quot;&gt;!');
    expect(html).not.toContain('<img');
    expect(mail.parsed.text).toContain(`Olá, ${IMG}!`);
  });
});
