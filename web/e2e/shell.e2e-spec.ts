import { expectAccessible, newContext, screenshot, uniqueEmail } from '@planejador/testing';
import type { BrowserContext, Page } from 'playwright-core';
import { resetPasswordViaMailedLink, fitsViewportWidth, openUserMenu, registerViaUi, useStackAndBrowser, waitForToast } from './flows';

const ADMIN_EMAIL = uniqueEmail('admin');

describe('shell: navigation, theme, feedback, roles and the 404 page', () => {
  const session = useStackAndBrowser({ ADMIN_EMAILS: ADMIN_EMAIL });
  let context: BrowserContext;
  let page: Page;
  afterEach(async () => {
    await context?.close();
  });

  it('works on a phone: the slide-in menu opens, navigates and closes', async () => {
    context = await newContext(session.browser, 'phone', session.stack.url);
    page = await context.newPage();
    await registerViaUi(page, session.stack.url, { email: uniqueEmail('phone'), password: 'segredo123', firstName: 'Eva' });
    await expectAccessible(page, 'dashboard on a phone');
    expect(await fitsViewportWidth(page)).toBe(true);

    // The desktop side menu is hidden below md; the button opens the panel.
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu de Navegação' });
    await menu.waitFor();
    const current = menu.getByRole('link', { name: 'Dashboard' });
    expect(await current.getAttribute('aria-current')).toBe('page');
    await expectAccessible(page, 'phone menu');
    await screenshot(page, 'shell-phone-menu');

    await menu.getByRole('link', { name: 'Turmas' }).click();
    await menu.waitFor({ state: 'hidden' });
    await page.waitForURL('**/turmas');
    await page.getByRole('heading', { name: 'Gerenciar Turmas' }).waitFor();
    expect(await fitsViewportWidth(page)).toBe(true);

    await page.getByRole('button', { name: 'Abrir menu' }).click();
    await menu.getByRole('link', { name: 'Configurações' }).click();
    // Configurações: her e-mail, and the last name she skipped at sign-up can be added.
    await page.getByRole('heading', { name: 'Sua conta' }).waitFor();
    expect(await page.getByLabel('Nome', { exact: true }).inputValue()).toBe('Eva');
    await page.getByLabel('Sobrenome').fill('Prado');
    await page.getByRole('button', { name: 'Salvar Alterações' }).click();
    await waitForToast(page, 'Dados atualizados com sucesso!');
    await expectAccessible(page, 'settings on a phone');
    expect(await fitsViewportWidth(page)).toBe(true);
    await page.reload();
    expect(await page.getByLabel('Sobrenome').inputValue()).toBe('Prado');
  });

  it('switches the theme and keeps the choice after a reload', async () => {
    context = await newContext(session.browser, 'desktop', session.stack.url);
    page = await context.newPage();
    await registerViaUi(page, session.stack.url, { email: uniqueEmail('theme'), password: 'segredo123', firstName: 'Fábio' });
    const isDark = () => page.evaluate(() => document.documentElement.classList.contains('dark'));
    expect(await isDark()).toBe(false);
    // The theme is applied by index.html's inline script before the first paint; the CSP must allow it.
    const cspErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) cspErrors.push(message.text());
    });

    await page.getByRole('button', { name: 'Escuro' }).click();
    expect(await isDark()).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('planejador-theme'))).toBe('dark');
    await page.reload();
    await page.getByRole('heading', { name: /Bem-vindo/ }).waitFor();
    expect(await isDark()).toBe(true);
    expect(cspErrors).toEqual([]);
    await expectAccessible(page, 'dashboard dark');

    await page.getByRole('button', { name: 'Claro' }).click();
    expect(await isDark()).toBe(false);
  });

  it('collects a star rating with an optional comment', async () => {
    context = await newContext(session.browser, 'desktop', session.stack.url);
    page = await context.newPage();
    await registerViaUi(page, session.stack.url, { email: uniqueEmail('feedback'), password: 'segredo123', firstName: 'Gil' });

    await page.getByRole('button', { name: 'Avaliação' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Deixe sua avaliação').waitFor();
    const send = dialog.getByRole('button', { name: 'Enviar Avaliação' });
    expect(await send.getAttribute('aria-disabled')).toBe('true');
    await send.click({ force: true });
    await waitForToast(page, 'Avaliação necessária');
    await waitForToast(page, 'Por favor, selecione uma avaliação de 1 a 5 estrelas.');

    await dialog.getByRole('button', { name: '4 estrelas' }).hover();
    await dialog.getByText('Ótimo').waitFor();
    await dialog.getByRole('button', { name: '5 estrelas' }).click();
    await page.mouse.move(0, 0);
    await dialog.getByText('Excelente').waitFor();
    await dialog.getByLabel(/Comentário/).fill('Muito útil');
    await dialog.getByText('10/500 caracteres').waitFor();
    await expectAccessible(page, 'feedback dialog');
    await send.click();
    await waitForToast(page, 'Feedback enviado!');
    await dialog.waitFor({ state: 'hidden' });

    // Closing resets the dialog.
    await page.getByRole('button', { name: 'Avaliação' }).click();
    await page.getByRole('dialog').getByText('0/500 caracteres').waitFor();
    await page.getByRole('dialog').getByText('Deixe sua avaliação').waitFor();
  });

  it('offers the admin pages only to admins', async () => {
    context = await newContext(session.browser, 'desktop', session.stack.url);
    page = await context.newPage();
    await registerViaUi(page, session.stack.url, { email: uniqueEmail('teacher'), password: 'segredo123', firstName: 'Hugo' });
    await openUserMenu(page);
    await page.getByRole('menuitem', { name: 'Configurações' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Envio de Email' }).count()).toBe(0);
    expect(await page.getByRole('menuitem', { name: 'Filas de Processamento' }).count()).toBe(0);
    await page.getByRole('menuitem', { name: 'Sair' }).click();
    await page.waitForURL('**/auth');

    await registerViaUi(page, session.stack.url, { email: ADMIN_EMAIL, password: 'segredo123', firstName: 'Iara' });
    await resetPasswordViaMailedLink(page, session.stack, ADMIN_EMAIL, 'segredo456');
    await openUserMenu(page);
    const queues = page.getByRole('menuitem', { name: 'Filas de Processamento' });
    expect(await queues.getAttribute('href')).toBe('/admin/queues');
    await page.getByRole('menuitem', { name: 'Envio de Email' }).click();
    await page.waitForURL('**/admin/email-sender');
  });

  it('shows the error screen when a page cannot load, reports it and recovers with Tentar Novamente', async () => {
    context = await newContext(session.browser, 'desktop', session.stack.url);
    page = await context.newPage();
    await registerViaUi(page, session.stack.url, { email: uniqueEmail('error'), password: 'segredo123', firstName: 'Jonas' });

    // The page's code cannot be fetched (a network failure): after one automatic reload the error screen stays.
    const blockTurmasChunk = (url: URL) => /\/assets\/turmas-route-[^/]+\.js$/.test(url.pathname);
    await page.route(blockTurmasChunk, (route) => route.abort());
    const reported = page.waitForRequest(
      (request) => request.url().endsWith('/api/logs/frontend-error') && request.method() === 'POST',
    );
    await page.getByRole('navigation', { name: 'Navegação principal' }).getByRole('link', { name: 'Turmas' }).click();
    await page.getByRole('heading', { name: 'Ops! Algo deu errado' }).waitFor();
    await page.getByText(/equipe foi notificada automaticamente/).waitFor();
    await page.getByRole('button', { name: 'Recarregar Página' }).waitFor();
    const report = JSON.parse((await reported).postData() ?? '{}') as { message?: string; url?: string };
    expect(report.url).toMatch(/\/turmas$/);
    expect(report.message).toBeTruthy();
    await expectAccessible(page, 'error screen');

    await page.unroute(blockTurmasChunk);
    await page.getByRole('button', { name: 'Tentar Novamente' }).click();
    await page.getByRole('heading', { name: 'Gerenciar Turmas' }).waitFor();
  });

  it('answers an unknown path with the 404 page', async () => {
    context = await newContext(session.browser, 'desktop', session.stack.url);
    page = await context.newPage();
    await page.goto(`${session.stack.url}/nao-existe`);
    await page.getByRole('heading', { name: 'Página não encontrada' }).waitFor();
    await expectAccessible(page, '404');
    await page.getByRole('link', { name: 'Voltar ao início' }).click();
    await page.getByText('Plataforma em fase de testes').waitFor();
  });
});
