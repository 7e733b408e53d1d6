import {
  expectAccessible,
  launchBrowser,
  newContext,
  PASSWORD,
  screenshot,
  setTheme,
  startStack,
  uniqueEmail,
  type Stack,
} from '@planejador/testing';
import type { Browser, Page } from 'playwright-core';
import { resetPasswordViaMailedLink, openUserMenu, registerViaUi, waitForToast } from './flows';

describe('admin e-mail sender and queue dashboard (Chromium)', () => {
  const adminEmail = uniqueEmail('admin');
  let stack: Stack;
  let browser: Browser;

  beforeAll(async () => {
    stack = await startStack({ ai: 'offline', env: { ADMIN_EMAILS: adminEmail, LOG_LEVEL: 'info' } });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  const openContext = async (viewport: 'desktop' | 'phone') => {
    const ctx = await newContext(browser, viewport, stack.url);
    // A stuck step fails with its own message instead of the whole test's time-out.
    ctx.setDefaultTimeout(15000);
    return ctx;
  };
  const previewHeading = (page: Page) =>
    page.frameLocator('iframe[title="Pré-visualização do email"]').getByRole('heading', { name: /Planeje suas aulas/ });
  const recipientBadge = (page: Page) => page.getByTestId('recipient-count');
  /**
   * axe on the page with the preview in Código mode: axe cannot run inside the Visual preview's sandboxed frame
   * (no scripts may run there, so injecting axe waits forever); that frame holds the admin's e-mail, not our UI.
   */
  const checkAccessible = async (page: Page, label: string) => {
    await page.getByRole('tab', { name: 'Código' }).click();
    await expectAccessible(page, label);
    await page.getByRole('tab', { name: 'Visual' }).click();
  };

  it('an admin sends to three addresses, confirms, sees the success toast and the record Enviado; one message to each, addressed to them alone', async () => {
    const ctx = await openContext('desktop');
    const page = await ctx.newPage();
    await registerViaUi(page, stack.url, { email: adminEmail, password: PASSWORD, firstName: 'Admin' });
    await resetPasswordViaMailedLink(page, stack, adminEmail, PASSWORD);

    // The user menu links admins to the page.
    await openUserMenu(page);
    await page.getByRole('menuitem', { name: 'Envio de Email' }).click();
    await page.waitForURL('**/admin/email-sender');
    await page.getByRole('heading', { level: 1, name: 'Envio de Email Administrativo' }).waitFor();
    for (const note of [
      'Funcionalidade administrativa restrita',
      'Máximo de 100 destinatários por envio',
      'Verifique o conteúdo antes de enviar',
      'Todos os envios são registrados em log',
    ]) {
      await page.getByText(note, { exact: true }).waitFor();
    }

    // The HTML starts with the invitation template, previewed in a sandboxed frame.
    const html = page.getByLabel('Conteúdo HTML');
    expect(await html.inputValue()).toContain(`href="${stack.url}"`);
    const frame = page.locator('iframe[title="Pré-visualização do email"]');
    expect(await frame.getAttribute('sandbox')).toBe('');
    await previewHeading(page).waitFor();

    const submit = page.getByRole('button', { name: /Enviar Email/ });
    expect(await submit.isDisabled()).toBe(true);
    expect(await recipientBadge(page).textContent()).toBe('0');

    await page.getByLabel('Para', { exact: true }).fill('diretora@escola.test; coordenacao@escola.test');
    await page.getByLabel('CCO (Cópia Oculta)').fill('secretaria@escola.test');
    const subject = `Convite para o Planejador ${Date.now()}`;
    await page.getByLabel('Assunto').fill(subject);
    expect(await recipientBadge(page).textContent()).toBe('3');
    expect(await submit.textContent()).toContain('Enviar Email (3 destinatário(s))');

    await page.getByRole('tab', { name: 'Código' }).click();
    await page.getByLabel('Código HTML do email').getByText(/Teste Agora - É Grátis/).waitFor();
    await checkAccessible(page, 'email sender (filled)');
    await previewHeading(page).waitFor();
    await screenshot(page, 'admin-email-sender-light-desktop');

    // A long action: the button shows its progress, and a double press sends once (one message below).
    const sends: string[] = [];
    await page.route('**/admin/email-sender', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      sends.push(route.request().url());
      await new Promise((r) => setTimeout(r, 1000));
      await route.continue();
    });
    // A double press asks once: the count, the subject and the start of the body, before anything is sent.
    await submit.dblclick();
    const confirm = page.getByRole('alertdialog', { name: 'Enviar para 3 destinatários?' });
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain(`Assunto: ${subject}`);
    expect(await confirm.textContent()).toMatch(/Início da mensagem: .*Planeje suas aulas/);
    expect(sends).toHaveLength(0);
    await confirm.getByRole('button', { name: 'Enviar agora' }).click();
    const sending = page.getByRole('button', { name: 'Enviando...' });
    await sending.waitFor();
    expect(await sending.isDisabled()).toBe(true);
    expect(await sending.getAttribute('aria-busy')).toBe('true');
    await waitForToast(page, 'Email enviado com sucesso! 3 destinatário(s) na fila de envio.');
    await page.unroute('**/admin/email-sender');
    expect(sends).toHaveLength(1);
    // The form resets but keeps the HTML.
    expect(await page.getByLabel('Para', { exact: true }).inputValue()).toBe('');
    expect(await page.getByLabel('Assunto').inputValue()).toBe('');
    expect(await html.inputValue()).toContain('Planeje suas aulas');

    const row = page.getByRole('row').filter({ hasText: subject });
    await row.getByText('Enviado', { exact: true }).waitFor({ timeout: 15000 });
    expect(await row.textContent()).toContain(adminEmail);
    expect(await row.getByRole('cell').nth(3).textContent()).toBe('3');

    // One message per recipient, each addressed to that recipient alone.
    const everyone = ['diretora@escola.test', 'coordenacao@escola.test', 'secretaria@escola.test'];
    const mails = stack.smtp.messages.filter((m) => m.parsed.subject === subject);
    expect(mails.map((m) => m.envelope.to)).toEqual(everyone.map((a) => [a]));
    for (const mail of mails) {
      for (const other of everyone.filter((a) => a !== mail.envelope.to[0])) expect(mail.raw).not.toContain(other);
    }

    await checkAccessible(page, 'email sender (after a send)');
    await setTheme(page, 'dark');
    await page.getByRole('heading', { name: 'Envios anteriores' }).waitFor();
    await page.getByText('Enviado', { exact: true }).first().waitFor();
    await checkAccessible(page, 'email sender (dark)');
    await previewHeading(page).waitFor();
    await screenshot(page, 'admin-email-sender-dark-desktop');

    // The queue dashboard opens for the admin (a server page, from the same menu), within the site's CSP (its web
    // font from another site is not asked for).
    const cspErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) cspErrors.push(message.text());
    });
    await openUserMenu(page);
    await page.getByRole('menuitem', { name: 'Filas de Processamento' }).click();
    await page.waitForURL('**/admin/queues**');
    for (const queue of ['plan-generation', 'plan-export', 'mail']) await page.getByText(queue, { exact: true }).first().waitFor();
    expect(cspErrors).toEqual([]);
    expect(await page.title()).toBe('Planejador');
    await screenshot(page, 'admin-queues-dark-desktop');
    await ctx.close();
  });

  it('on a phone the admin sees the Alto Volume warning above 50 recipients, the de-duplicated count and a failed send with its reason', async () => {
    const ctx = await openContext('phone');
    const page = await ctx.newPage();
    const login = await ctx.request.post(`${stack.url}/api/login`, { data: { email: adminEmail, password: PASSWORD } });
    expect(login.status()).toBe(200);
    await page.goto(`${stack.url}/admin/email-sender`);
    await page.getByRole('heading', { level: 1, name: 'Envio de Email Administrativo' }).waitFor();
    const many = Array.from({ length: 51 }, (_, i) => `prof${i}@escola.test`).join('; ');
    await page.getByLabel('Para', { exact: true }).fill(many);
    await page.getByText('Alto Volume', { exact: true }).waitFor();
    expect(await recipientBadge(page).textContent()).toBe('51');
    // Above the limit the send button is disabled, with the reason next to it.
    await page.getByLabel('Para', { exact: true }).fill(Array.from({ length: 101 }, (_, i) => `prof${i}@escola.test`).join('; '));
    await page.getByText('Envio bloqueado: 101 destinatários, o máximo é 100. Remova 1 para enviar.').waitFor();
    expect(await page.getByRole('button', { name: /Enviar Email \(101/ }).isDisabled()).toBe(true);
    await page.getByLabel('Para', { exact: true }).fill('duplicado@escola.test');
    await page.getByLabel('CC (Cópia)').fill('DUPLICADO@escola.test; invalido');
    expect(await recipientBadge(page).textContent()).toBe('1');
    // The invalid address is listed as ignored, by its value.
    await page.getByRole('list', { name: 'Endereços ignorados' }).getByText('invalido', { exact: true }).waitFor();
    expect(await page.getByText('Alto Volume', { exact: true }).count()).toBe(0);

    // A server that refuses for good: the record shows Falhou with the reason.
    stack.smtp.failAlways(550);
    const send = page.getByRole('button', { name: 'Enviar Email (1 destinatário(s))' });
    await send.click();
    await page.getByText('Assunto é obrigatório', { exact: true }).waitFor();
    await page.getByLabel('Assunto').fill('Envio recusado');
    await send.click();
    await page.getByRole('alertdialog', { name: 'Enviar para 1 destinatário?' }).getByRole('button', { name: 'Enviar agora' }).click();
    const failed = page.getByRole('row').filter({ hasText: 'Envio recusado' });
    await failed.getByText('Falhou', { exact: true }).waitFor({ timeout: 15000 });
    await failed.getByText(/Servidor SMTP recusou o envio \(550\)/).waitFor();
    await checkAccessible(page, 'email sender (phone)');
    await previewHeading(page).waitFor();
    await screenshot(page, 'admin-email-sender-light-phone');
    await setTheme(page, 'dark');
    await previewHeading(page).waitFor();
    await screenshot(page, 'admin-email-sender-dark-phone');
    await ctx.close();
  });

  it('a teacher who types /admin/email-sender is refused, and the api answers 403 to the page and the queues', async () => {
    const ctx = await openContext('desktop');
    const page = await ctx.newPage();
    await registerViaUi(page, stack.url, { email: uniqueEmail('prof'), password: PASSWORD, firstName: 'Paula' });

    await openUserMenu(page);
    expect(await page.getByRole('menuitem', { name: 'Envio de Email' }).count()).toBe(0);
    await page.keyboard.press('Escape');

    await page.goto(`${stack.url}/admin/email-sender`);
    await page.getByRole('heading', { name: 'Acesso restrito' }).waitFor();
    await page.getByText('Esta página é restrita a administradores.').waitFor();
    expect(await page.getByRole('button', { name: /Enviar Email/ }).count()).toBe(0);
    await expectAccessible(page, 'email sender (teacher)');
    await screenshot(page, 'admin-email-sender-restricted-light-desktop');

    const sent = await ctx.request.post(`${stack.url}/admin/email-sender`, {
      data: { toBulk: 'alguem@escola.test', subject: 'Tentativa', html: '<p>oi</p>' },
    });
    expect(sent.status()).toBe(403);
    expect((await ctx.request.get(`${stack.url}/api/admin/email-logs`)).status()).toBe(403);
    const queues = await page.goto(`${stack.url}/admin/queues`);
    expect(queues?.status()).toBe(403);
    // A page in Portuguese with a way back, not raw JSON.
    await page.getByRole('heading', { name: 'Acesso restrito' }).waitFor();
    await expectAccessible(page, 'queues (teacher)');
    await page.getByRole('link', { name: 'Voltar ao Dashboard' }).click();
    await page.waitForURL('**/dashboard');
    await ctx.close();
  });
});
