import { expectAccessible, newContext, uniqueEmail } from '@planejador/testing';
import type { BrowserContext, Page } from 'playwright-core';
import { closeWithEscape, useStackAndBrowser } from './flows';

/** What a screen reader would call the focused element: its aria-label, its label or its text. */
function focusedName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return '';
    const labelled = el.getAttribute('aria-labelledby');
    const byId = labelled ? labelled.split(/\s+/).map((id) => document.getElementById(id)?.textContent ?? '').join(' ') : '';
    const label = (el as HTMLInputElement).labels?.[0]?.textContent ?? '';
    return (el.getAttribute('aria-label') ?? (byId || label || el.textContent || '')).replace(/\s+/g, ' ').trim();
  });
}

/** Presses Tab (or Shift+Tab) until the focused element's name matches; fails if it never does. */
async function tabTo(page: Page, name: RegExp, { back = false, max = 60 } = {}): Promise<void> {
  const seen: string[] = [];
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const current = await focusedName(page);
    if (name.test(current)) return;
    seen.push(current);
  }
  throw new Error(`Tab never reached ${name}; focused in turn: ${seen.join(' | ')}`);
}

/** On a focused select: Enter opens its list, the typing moves to the option, Enter chooses it and closes. */
async function chooseByTyping(page: Page, typed: string, option: string): Promise<void> {
  await page.keyboard.press('Enter');
  await page.getByRole('listbox').waitFor();
  await page.keyboard.type(typed);
  // The typeahead starts over after a second without a key: on a busy machine the page may handle the typed keys
  // that far apart and land on another option (typing 'Matem' then reached 'Música'). Once it has settled, the
  // arrows finish the choice, as a teacher would.
  await page.waitForTimeout(1_100);
  const names = (await page.getByRole('option').allTextContents()).map((name) => name.trim());
  const highlighted = async () => ((await page.getByRole('listbox').locator('[data-highlighted]').textContent()) ?? '').trim();
  for (let step = 0; step < names.length && (await highlighted()) !== option; step++) {
    await page.keyboard.press(names.indexOf(await highlighted()) > names.indexOf(option) ? 'ArrowUp' : 'ArrowDown');
    await page.waitForTimeout(100);
  }
  await page.getByRole('option', { name: option }).and(page.locator('[data-highlighted]')).waitFor();
  await page.keyboard.press('Enter');
  await page.getByRole('listbox').waitFor({ state: 'hidden' });
}

/**
 * The focus lands on the named element. Focus moves in effects after a dialog opens or closes, so this waits for it
 * (up to 5 s) instead of reading it once: a busy machine may paint the dialog before its focus trap has run.
 */
async function expectFocused(page: Page, name: RegExp): Promise<void> {
  const deadline = Date.now() + 5_000;
  let current = await focusedName(page);
  while (!name.test(current) && Date.now() < deadline) {
    await page.waitForTimeout(50);
    current = await focusedName(page);
  }
  expect(current).toMatch(name);
}

/**
 * A teacher's whole first journey by keyboard only (no clicks, no fill): sign up, create a class, generate a plan,
 * export it, give feedback and delete the class; each dialog gives focus back to the control that opened it.
 */
describe('keyboard only: sign-up, class, plan, export, feedback (Chromium)', () => {
  const session = useStackAndBrowser();
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    context = await newContext(session.browser, 'desktop', session.stack.url);
    page = await context.newPage();
  });
  afterAll(() => context?.close());

  it('goes from sign-up to an exported plan without the mouse', async () => {
    // Sign up: the Entrar tab takes the focus, the arrow moves to Cadastrar, Enter in the last field submits.
    await page.goto(`${session.stack.url}/auth`);
    await page.getByRole('tab', { name: 'Entrar' }).waitFor();
    await tabTo(page, /^Entrar$/);
    await page.keyboard.press('ArrowRight');
    await page.getByRole('tabpanel', { name: 'Cadastrar' }).waitFor();
    await tabTo(page, /^Nome$/);
    await page.keyboard.type('Teca');
    await tabTo(page, /^Email$/);
    await page.keyboard.type(uniqueEmail('teclado'));
    await tabTo(page, /^Senha$/);
    await page.keyboard.type('segredo123');
    await tabTo(page, /^Confirmar Senha$/);
    await page.keyboard.type('segredo123');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/dashboard');

    // Turmas from the side menu; the class dialog walked with Enter (the empty Ano opens its list, never submits).
    await tabTo(page, /^Turmas$/);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Gerenciar Turmas' }).waitFor();
    await tabTo(page, /^Nova Turma$/);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Nova Turma' });
    await dialog.waitFor();
    await expectFocused(page, /^Nome do Professor/);
    await page.keyboard.type('Teca Souza');
    await page.keyboard.press('Enter');
    // The stage, already Ensino Fundamental: Enter moves on.
    await expectFocused(page, /^Etapa/);
    await page.keyboard.press('Enter');
    await expectFocused(page, /^Número da Turma/);
    await page.keyboard.type('61');
    await page.keyboard.press('Enter');
    await expectFocused(page, /^Ano/);
    await chooseByTyping(page, '6', '6º ano');
    expect(await dialog.isVisible()).toBe(true);
    await page.keyboard.press('Enter');
    await expectFocused(page, /^Escola/);
    await page.keyboard.type('Escola do Teclado');
    for (let i = 0; i < 4 && !/Observações/.test(await focusedName(page)); i += 1) await page.keyboard.press('Enter');
    await expectFocused(page, /Observações/);
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('Escola do Teclado').first().waitFor();
    // Focus is back on the button that opened the dialog.
    await expectFocused(page, /^Nova Turma$/);

    // A delete confirmation closed with Escape gives the focus back to the card's button.
    await tabTo(page, /^Excluir turma 61$/);
    await page.keyboard.press('Enter');
    const confirmDelete = page.getByRole('alertdialog');
    await confirmDelete.waitFor();
    // The dialog has taken the focus (its Escape handling is in place with it) before Escape is pressed.
    await expectFocused(page, /^Cancelar$/);
    await closeWithEscape(page, confirmDelete);
    await expectFocused(page, /^Excluir turma 61$/);

    // Generate a plan: the tutorial ends with Escape; the selects open with Enter and choose by typing.
    await tabTo(page, /^Gerar Planos$/, { back: true });
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Gerar Planos de Aula', level: 1 }).waitFor();
    const tour = page.locator('.driver-popover');
    await tour.waitFor();
    await page.keyboard.press('Escape');
    await tour.waitFor({ state: 'hidden' });
    await page.getByRole('combobox', { name: 'Turma' }).waitFor();
    await tabTo(page, /^Turma/);
    await page.keyboard.press('Enter');
    await page.getByRole('option', { name: '61 - Escola do Teclado' }).waitFor();
    await page.keyboard.press('Enter');
    await page.getByRole('listbox').waitFor({ state: 'hidden' });
    await tabTo(page, /^Matéria Geral/);
    await chooseByTyping(page, 'Matem', 'Matemática');
    expect(await page.getByRole('combobox', { name: 'Matéria Geral' }).textContent()).toContain('Matemática');
    await tabTo(page, /^Descrição da aula 1$/);
    await page.keyboard.type('Frações com receitas de bolo');
    await tabTo(page, /^Gerar Plano de Aula$/);
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: 'Confirmar Geração do Plano' });
    await confirm.waitFor();
    await tabTo(page, /^Confirmar e Gerar$/);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/plano\/[0-9a-f-]{36}/, { timeout: 60000 });
    const download = page.waitForEvent('download', { timeout: 60000 });
    await page.getByRole('button', { name: /^Baixar Documento/ }).waitFor({ timeout: 60000 });
    await tabTo(page, /^Baixar Documento/, { max: 120 });
    await page.keyboard.press('Enter');
    expect((await download).suggestedFilename()).toMatch(/\.docx$/);

    // Feedback from the side menu: Escape closes it and the focus is back on Avaliação.
    await tabTo(page, /^Avaliação$/, { back: true, max: 120 });
    await page.keyboard.press('Enter');
    const feedback = page.getByRole('dialog').filter({ hasText: 'Avaliação' });
    await feedback.waitFor();
    await expectAccessible(page, 'feedback dialog (keyboard)');
    await closeWithEscape(page, feedback);
    await expectFocused(page, /^Avaliação$/);

    // Deleting the class: its card (and the button that opened the confirmation) is gone, so the focus goes to
    // the page's main content, from where Tab goes on.
    await tabTo(page, /^Turmas$/, { back: true, max: 120 });
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Gerenciar Turmas' }).waitFor();
    await tabTo(page, /^Excluir turma 61$/);
    await page.keyboard.press('Enter');
    await confirmDelete.waitFor();
    await tabTo(page, /^Excluir$/);
    await page.keyboard.press('Enter');
    await confirmDelete.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Excluir turma 61' }).waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('conteudo');
  });
});
