import { expectAccessible, newContext, screenshot } from '@planejador/testing';
import type { BrowserContext, Page } from 'playwright-core';
import { fillLogin, openUserMenu, registerViaUi, submitLogin, uniqueEmail, useStackAndBrowser, waitForToast } from './flows';

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
    await page.goto(`${session.stack.url}/`);
    await page.getByText('Plataforma em fase de testes').waitFor();
    await page.getByRole('link', { name: /Teste Agora - É Grátis/ }).waitFor();
    await page.getByRole('link', { name: 'suporte@planejador.app' }).waitFor();
    await page.getByRole('link', { name: 'bncc.dev (mantido pela Profy)' }).waitFor();
    await expectAccessible(page, 'landing');
    await screenshot(page, 'account-landing');

    await page.getByRole('button', { name: 'Como funciona' }).click();
    await page.getByRole('heading', { name: 'Como funciona' }).waitFor();

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

    const mail = await session.stack.smtp.waitFor((m) => m.envelope.to.includes(email));
    const body = `${mail.parsed.text ?? ''} ${typeof mail.parsed.html === 'string' ? mail.parsed.html : ''}`;
    const link = body.match(/https?:\/\/[^\s"'<>]+\/reset-password\?token=[^\s"'<>&]+/)?.[0];
    expect(link).toBeDefined();
    const resetPath = new URL(link!.replace(/&amp;/g, '&'));

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
