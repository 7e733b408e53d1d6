import { expectAccessible, newContext, screenshot, uniqueEmail } from '@planejador/testing';
import type { BrowserContext, Page } from 'playwright-core';
import { fillLogin, mailedLink, openUserMenu, registerViaUi, submitLogin, useStackAndBrowser, waitForToast } from './flows';

describe('account: landing, sign-up, sign-in, sign-out and password reset', () => {
  const session = useStackAndBrowser();
  let context: BrowserContext;
  let page: Page;
  beforeEach(async () => {
    context = await newContext(session.browser, 'desktop', session.stack.url);
    page = await context.newPage();
  });
  afterEach(async () => {
    await context?.close();
  });

  it('shows the landing page and leads a visitor to sign up and reach the dashboard', async () => {
    // A guest is signed out, which is no error: the guest pages log none in the console.
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    await page.goto(`${session.stack.url}/`);
    await page.getByText('Plataforma em fase de testes').waitFor();
    await page.getByRole('link', { name: /Teste Agora - É Grátis/ }).waitFor();
    await page.getByRole('link', { name: 'suporte@planejador.app' }).waitFor();
    await page.getByRole('link', { name: 'bncc.dev (mantido pela Profy)' }).waitFor();
    await expectAccessible(page, 'landing');
    await screenshot(page, 'account-landing');

    await page.getByRole('button', { name: 'Como funciona' }).click();
    await page.getByRole('heading', { name: 'Como funciona' }).waitFor();

    // Both calls to action open the sign-up tab; the header's button signs in.
    expect(await page.getByRole('link', { name: /Comece agora - É grátis/ }).getAttribute('href')).toBe('/auth?tab=cadastrar');
    await page.getByRole('link', { name: /Teste Agora - É Grátis/ }).click();
    await page.waitForURL('**/auth?tab=cadastrar');
    expect(await page.getByRole('tab', { name: 'Cadastrar' }).getAttribute('aria-selected')).toBe('true');
    await page.getByRole('tabpanel', { name: 'Cadastrar' }).getByRole('button', { name: 'Criar Conta' }).waitFor();
    await page.getByRole('tab', { name: 'Entrar' }).click();
    await page.waitForURL('**/auth');
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/');

    await page.getByRole('link', { name: 'Fazer Login' }).click();
    await page.waitForURL('**/auth');
    await expectAccessible(page, 'auth');

    // The shared schema's messages appear under the fields.
    await page.getByRole('tab', { name: 'Cadastrar' }).click();
    const panel = page.getByRole('tabpanel', { name: 'Cadastrar' });
    await panel.getByLabel('Senha', { exact: true }).fill('segredo1');
    await panel.getByLabel('Confirmar Senha').fill('segredo2');
    await panel.getByRole('button', { name: 'Criar Conta' }).click();
    await panel.getByText('Email é obrigatório').waitFor();
    await panel.getByText('Senhas não coincidem').waitFor();

    expect(consoleErrors).toEqual([]);

    const email = uniqueEmail('landing');
    await registerViaUi(page, session.stack.url, { email, password: 'segredo123', firstName: 'Ana' });
    await waitForToast(page, 'Cadastro realizado com sucesso.');
    await page.getByRole('heading', { name: 'Bem-vindo(a), Ana!' }).waitFor();
    await page.getByText('Créditos: 35', { exact: true }).waitFor();
    for (const label of ['Turmas Cadastradas', 'Planos Gerados', 'Aulas Criadas', 'Este Mês']) {
      await page.getByText(label, { exact: true }).waitFor();
    }
    await page.getByText('Nenhum plano criado ainda').waitFor();
    await page.getByRole('link', { name: 'Criar Primeiro Plano' }).waitFor();
    await expectAccessible(page, 'dashboard');
    await screenshot(page, 'account-dashboard');

    // Signed in: /auth sends to the dashboard and the landing page offers Entrar / Ir ao Dashboard.
    await page.goto(`${session.stack.url}/auth`);
    await page.waitForURL('**/dashboard');
    await page.goto(`${session.stack.url}/`);
    await page.getByRole('link', { name: 'Entrar', exact: true }).waitFor();
    await page.getByRole('link', { name: /Ir ao Dashboard/ }).waitFor();
  });

  it('signs out, keeps signed-in pages closed, rejects a wrong password and signs in again', async () => {
    const email = uniqueEmail('login');
    await registerViaUi(page, session.stack.url, { email, password: 'segredo123', firstName: 'Bruno' });

    await openUserMenu(page);
    await page.getByRole('menu').getByText(email).waitFor();
    await page.getByRole('menuitem', { name: 'Sair' }).click();
    await waitForToast(page, 'Você foi desconectado com sucesso.');
    await page.waitForURL('**/auth');

    await page.goto(`${session.stack.url}/turmas`);
    await page.waitForURL('**/auth');

    await fillLogin(page, email, 'senha-errada');
    await waitForToast(page, 'Erro no login');
    await waitForToast(page, 'Credenciais inválidas');
    expect(page.url()).toMatch(/\/auth$/);

    // Signing in returns to the page that was asked for.
    await fillLogin(page, email, 'segredo123');
    await waitForToast(page, 'Login realizado com sucesso.');
    await page.waitForURL('**/turmas');
    await page.getByRole('heading', { name: 'Gerenciar Turmas' }).waitFor();

  });

  it('asks a new teacher to confirm the e-mail on the dashboard, resends the link and confirms it once', async () => {
    const email = uniqueEmail('confirma');
    await registerViaUi(page, session.stack.url, { email, password: 'segredo123', firstName: 'Duda' });
    const banner = page.getByRole('region', { name: 'Confirme seu e-mail' });
    await banner.getByText(email).waitFor();
    await expectAccessible(page, 'dashboard with the confirmation banner');
    await banner.getByRole('button', { name: 'Reenviar e-mail' }).click();
    await banner.getByText('Enviamos um novo link de confirmação para o seu e-mail.').waitFor();

    const link = await mailedLink(session.stack, email, '/verificar-email');
    // Opening the link confirms nothing (mail scanners open links): the button does.
    await page.goto(`${session.stack.url}${link}`);
    await page.getByRole('heading', { name: 'Confirme seu e-mail' }).waitFor();
    await expectAccessible(page, 'e-mail confirmation');
    await page.goto(`${session.stack.url}/dashboard`);
    await banner.waitFor();
    await page.goto(`${session.stack.url}${link}`);
    await page.getByRole('button', { name: 'Confirmar e-mail' }).click();
    await page.getByRole('heading', { name: 'E-mail confirmado!' }).waitFor();
    await expectAccessible(page, 'e-mail confirmed');
    await page.getByRole('link', { name: 'Ir para o Dashboard' }).click();
    await page.getByRole('heading', { name: /Bem-vindo/ }).waitFor();
    expect(await banner.count()).toBe(0);

    // The link works once. Opened again (a mail scanner may have opened it first), it tells the confirmed user
    // that the address is confirmed; a signed-out visitor sees it is no longer valid and is sent to sign in.
    await page.goto(`${session.stack.url}${link}`);
    await page.getByRole('button', { name: 'Confirmar e-mail' }).click();
    await page.getByRole('heading', { name: 'E-mail confirmado!' }).waitFor();
    await page.getByText('Seu e-mail já está confirmado.').waitFor();
    expect(await page.getByRole('heading', { name: 'Link inválido ou expirado' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Ir para o Dashboard' }).waitFor();
    await context.clearCookies();
    await page.reload();
    await page.getByRole('button', { name: 'Confirmar e-mail' }).click();
    await page.getByRole('heading', { name: 'Link inválido ou expirado' }).waitFor();
    await page.getByRole('alert').getByText('Link de confirmação inválido ou expirado').waitFor();
    await page.getByRole('link', { name: 'Voltar para o Login' }).waitFor();
  });

  it('an unconfirmed teacher opening an expired link can ask for a new one there', async () => {
    const email = uniqueEmail('expira');
    await registerViaUi(page, session.stack.url, { email, password: 'segredo123', firstName: 'Eva' });
    await page.goto(`${session.stack.url}/verificar-email?token=nao-existe`);
    await page.getByRole('button', { name: 'Confirmar e-mail' }).click();
    await page.getByRole('heading', { name: 'Link inválido ou expirado' }).waitFor();
    await expectAccessible(page, 'invalid confirmation link');
    await page.getByRole('button', { name: 'Reenviar e-mail' }).click();
    await page.getByText('Enviamos um novo link de confirmação para o seu e-mail.').waitFor();
  });

  it('clears the unsaved plan drafts of this browser at logout', async () => {
    await registerViaUi(page, session.stack.url, { email: uniqueEmail('rascunho'), password: 'segredo123', firstName: 'Fia' });
    await page.evaluate(() => {
      localStorage.setItem('planejador-plano-draft:00000000-0000-4000-8000-000000000001', '{"basedOn":"x","aulas":[]}');
      localStorage.setItem('planejador-tema', 'dark');
    });
    await openUserMenu(page);
    await page.getByRole('menuitem', { name: 'Sair' }).click();
    await page.waitForURL('**/auth');
    const keys = await page.evaluate(() => Object.keys(localStorage));
    expect(keys.filter((k) => k.startsWith('planejador-plano-draft:'))).toEqual([]);
    expect(keys).toContain('planejador-tema');
  });

  it('resets a forgotten password with the e-mailed link, once', async () => {
    const email = uniqueEmail('reset');
    await registerViaUi(page, session.stack.url, { email, password: 'segredo123', firstName: 'Carla' });
    await openUserMenu(page);
    await page.getByRole('menuitem', { name: 'Sair' }).click();
    await page.waitForURL('**/auth');

    await page.getByRole('button', { name: 'Esqueci minha senha' }).click();
    const dialog = page.getByRole('dialog', { name: 'Esqueci minha senha' });
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByRole('button', { name: 'Enviar' }).click();
    await dialog.getByText(/receberá/).waitFor();
    await dialog.getByRole('button', { name: 'Cancelar' }).click();

    const resetPath = new URL(await mailedLink(session.stack, email, '/reset-password'), session.stack.url);

    await page.goto(`${session.stack.url}${resetPath.pathname}${resetPath.search}`);
    await page.getByRole('heading', { name: 'Redefinir Senha' }).waitFor();
    await expectAccessible(page, 'reset form');
    await page.getByLabel('Nova Senha', { exact: true }).fill('novasenha1');
    await page.getByLabel('Confirmar Nova Senha').fill('outrasenha');
    await page.getByRole('button', { name: 'Redefinir Senha' }).click();
    await page.getByText('As senhas não coincidem').waitFor();
    await page.getByLabel('Confirmar Nova Senha').fill('novasenha1');
    await page.getByRole('button', { name: 'Redefinir Senha' }).click();
    await page.getByRole('heading', { name: 'Senha Redefinida!' }).waitFor();
    await page.getByRole('link', { name: 'Ir para Login' }).waitFor();
    // The page moves on by itself after 3 s.
    await page.waitForURL('**/auth', { timeout: 10000 });

    await submitLogin(page, session.stack.url, email, 'novasenha1');
    await page.waitForURL('**/dashboard');

    // A used link is no longer valid.
    await page.goto(`${session.stack.url}${resetPath.pathname}${resetPath.search}`);
    await page.getByRole('heading', { name: 'Token Inválido' }).waitFor();
    await page.getByRole('link', { name: 'Voltar para o Login' }).waitFor();

    await page.goto(`${session.stack.url}/reset-password`);
    await page.getByText('Token não encontrado na URL').waitFor();
  });
});
