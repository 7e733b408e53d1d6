import { launchBrowser, startStack, type Stack, type StackOptions } from '@planejador/testing';
import type { Browser, Locator, Page } from 'playwright-core';

/** Steps a person takes, shared by the e2e specs. */

export interface E2eSession {
  stack: Stack;
  browser: Browser;
}

/** The product and a Chromium, started once per spec file and stopped after it (`ai`: the fake AI server, or none). */
export function useStackAndBrowser(env: Record<string, string> = {}, ai: StackOptions['ai'] = 'fake'): E2eSession {
  const session = {} as E2eSession;
  beforeAll(async () => {
    // LOG_LEVEL info: the harness waits for the processes' info-level ready lines.
    session.stack = await startStack({ ai, env: { LOG_LEVEL: 'info', ...env } });
    session.browser = await launchBrowser();
  });
  afterAll(async () => {
    await session.browser?.close();
    await session.stack?.stop();
  });
  return session;
}

export interface Account {
  email: string;
  password: string;
  firstName: string;
}

/** Signs up through the Cadastrar tab and waits for the dashboard. */
export async function registerViaUi(page: Page, baseUrl: string, account: Account): Promise<void> {
  await page.goto(`${baseUrl}/auth`);
  await page.getByRole('tab', { name: 'Cadastrar' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Cadastrar' });
  await panel.getByLabel('Nome', { exact: true }).fill(account.firstName);
  await panel.getByLabel('Email').fill(account.email);
  await panel.getByLabel('Senha', { exact: true }).fill(account.password);
  await panel.getByLabel('Confirmar Senha').fill(account.password);
  await panel.getByRole('button', { name: 'Criar Conta' }).click();
  await page.waitForURL('**/dashboard');
}

/** Opens /auth and signs in through the Entrar tab (does not wait for the result). */
export async function submitLogin(page: Page, baseUrl: string, email: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/auth`);
  await fillLogin(page, email, password);
}

/** Signs in on the /auth page already open. */
export async function fillLogin(page: Page, email: string, password: string): Promise<void> {
  const panel = page.getByRole('tabpanel', { name: 'Entrar' });
  await panel.getByLabel('Email').fill(email);
  await panel.getByLabel('Senha').fill(password);
  await panel.getByRole('button', { name: 'Entrar' }).click();
}

export async function openUserMenu(page: Page): Promise<void> {
  await page.getByRole('button', { name: /Menu do usuário/ }).click();
  await page.getByRole('menu').waitFor();
}

/**
 * The text of a visible toast, waiting for it to appear. By text, not by role: while a modal dialog is open
 * the page behind it (the toast region included) is aria-hidden, and Radix announces the toast separately.
 */
export async function waitForToast(page: Page, text: string): Promise<void> {
  await page.getByText(text, { exact: true }).first().waitFor();
}

/** Today's date as the app shows it (pt-BR, the browser's São Paulo time zone). */
export function todayPtBr(): string {
  return new Intl.DateTimeFormat('pt-BR', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone: 'America/Sao_Paulo',
  }).format(new Date());
}

/**
 * True when the page fits the viewport's width (no sideways scrolling on a phone), once its layout has settled: it is
 * given up to 5 s (a page still rendering or animating in may overflow for a moment), false if it never fits.
 */
export async function fitsViewportWidth(page: Page): Promise<boolean> {
  return page
    .waitForFunction(() => document.documentElement.scrollWidth <= window.innerWidth, undefined, { timeout: 5000 })
    .then(() => true, () => false);
}

/** Picks an option of a Radix select and waits until the select shows it (one retry if the click was early). */
export async function chooseOption(page: Page, combobox: Locator, option: string): Promise<void> {
  for (let attempt = 0; attempt < 2; attempt += 1) {
    await combobox.click();
    await page.getByRole('option', { name: option }).click();
    try {
      await combobox.getByText(option, { exact: true }).waitFor({ timeout: 2000 });
      return;
    } catch (error) {
      if (attempt === 1) throw error;
      await page.keyboard.press('Escape').catch(() => undefined);
    }
  }
}

/**
 * Closes a Radix dialog with Escape, as a teacher would. Radix listens for Escape only once the dialog knows it is
 * the top layer, one render after it has taken the focus; on a busy machine a key pressed in between is not seen,
 * so the key is pressed again (a person would too) until the dialog is gone.
 */
export async function closeWithEscape(page: Page, dialog: Locator): Promise<void> {
  for (let attempt = 0; ; attempt += 1) {
    await page.keyboard.press('Escape');
    try {
      await dialog.waitFor({ state: 'hidden', timeout: 2000 });
      return;
    } catch (error) {
      if (attempt === 4) throw error;
    }
  }
}

/** Waits until `target` has the focus (Radix gives it back to the opener a moment after the dialog is gone). */
export async function waitForFocus(page: Page, target: Locator): Promise<void> {
  const handle = await target.elementHandle();
  await page.waitForFunction((el) => el === document.activeElement, handle, { timeout: 10000 });
}

/** The path and query of the link (/reset-password or /verificar-email) in the latest such e-mail to `email`. */
export async function mailedLink(stack: Stack, email: string, path: '/reset-password' | '/verificar-email'): Promise<string> {
  const subject = path === '/reset-password' ? /Redefinição de senha/ : /Confirme seu e-mail/;
  const mail = await stack.smtp.waitFor((m) => m.envelope.to.includes(email) && subject.test(m.parsed.subject ?? ''));
  const body = `${mail.parsed.text ?? ''} ${typeof mail.parsed.html === 'string' ? mail.parsed.html : ''}`;
  const link = body.match(new RegExp(`https?://[^\\s"'<>]+${path}\\?token=[^\\s"'<>&]+`))?.[0];
  if (!link) throw new Error(`no ${path} link in the e-mail to ${email}`);
  const url = new URL(link.replace(/&amp;/g, '&'));
  return `${url.pathname}${url.search}`;
}

/**
 * Sets a new password through the e-mailed reset link (ADMIN_EMAILS grants admin only to an account whose password
 * was set that way; the reset ends the other sessions) and signs in with it, back on the dashboard.
 */
export async function resetPasswordViaMailedLink(page: Page, stack: Stack, email: string, password: string): Promise<void> {
  expect((await page.request.post(`${stack.url}/api/auth/forgot-password`, { data: { email } })).status()).toBe(200);
  await page.goto(`${stack.url}${await mailedLink(stack, email, '/reset-password')}`);
  await page.getByLabel('Nova Senha', { exact: true }).fill(password);
  await page.getByLabel('Confirmar Nova Senha').fill(password);
  await page.getByRole('button', { name: 'Redefinir Senha' }).click();
  await page.getByRole('heading', { name: 'Senha Redefinida!' }).waitFor();
  await submitLogin(page, stack.url, email, password);
  await page.waitForURL('**/dashboard');
}

/** Lesson n's region on the plan page (its heading reads 'Aula n — título', or 'Aula n · Matemática — título' in a plan mixing subjects). */
export function lessonRegion(page: Page, n: number): Locator {
  return page.getByRole('region', { name: new RegExp(`^Aula ${n}(?: · [^—]+)? — `) });
}

export { docxText } from '@planejador/testing';
