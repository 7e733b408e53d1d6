import { expectAccessible, newContext, screenshot, uniqueEmail, VIEWPORTS } from '@planejador/testing';
import type { BrowserContext, Page } from 'playwright-core';
import { chooseOption, fitsViewportWidth, registerViaUi, todayPtBr, useStackAndBrowser, waitForToast } from './flows';

async function focusedLabel(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const active = document.activeElement;
    if (!active?.id) return null;
    return document.querySelector(`label[for="${active.id}"]`)?.textContent ?? null;
  });
}

describe('turmas: create, edit, duplicate and delete classes', () => {
  const session = useStackAndBrowser();
  let context: BrowserContext;
  let page: Page;
  beforeEach(async () => {
    context = await newContext(session.browser, 'desktop', session.stack.url);
    page = await context.newPage();
    await registerViaUi(page, session.stack.url, { email: uniqueEmail('turmas'), password: 'segredo123', firstName: 'Dora' });
  });
  afterEach(async () => {
    await context?.close();
  });

  it('walks a teacher through the class dialog with Enter and manages the cards', async () => {
    // The dashboard's 'Cadastrar Turma' opens the new-class form itself; closing it leaves the list.
    await page.getByRole('link', { name: /Cadastrar Turma/ }).click();
    await page.getByRole('dialog', { name: 'Nova Turma' }).waitFor();
    await page.waitForURL((url) => url.pathname === '/turmas' && !url.search);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Nova Turma' }).waitFor({ state: 'hidden' });
    await page.getByRole('heading', { name: 'Gerenciar Turmas' }).waitFor();
    await page.getByRole('heading', { name: 'Nenhuma turma cadastrada' }).waitFor();
    await expectAccessible(page, 'turmas empty');

    await page.getByRole('button', { name: 'Criar Primeira Turma' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nova Turma' });
    await dialog.getByRole('button', { name: 'Criar Turma' }).click();
    await dialog.getByText('Nome do professor é obrigatório').waitFor();
    await dialog.getByText('Número da turma é obrigatório').waitFor();
    await dialog.getByText('Nome da escola é obrigatório').waitFor();
    // An empty year asks for a choice.
    await dialog.locator('[id$="-error"]', { hasText: 'Selecione o ano' }).waitFor();
    await expectAccessible(page, 'turma dialog with errors');

    // Enter moves to the next field; Enter in the notes submits.
    await dialog.getByLabel('Nome do Professor').fill('Dora Lima');
    await page.keyboard.press('Enter');
    // The stage comes first, already Ensino Fundamental: Enter on it moves on.
    expect(await focusedLabel(page)).toBe('Etapa');
    expect(await dialog.getByRole('combobox', { name: 'Etapa' }).textContent()).toContain('Ensino Fundamental');
    await page.keyboard.press('Enter');
    expect(await focusedLabel(page)).toBe('Número da Turma');
    await page.keyboard.type('51');
    await page.keyboard.press('Enter');
    expect(await focusedLabel(page)).toBe('Ano');
    // Keyboard only: Enter on the empty Ano opens its list (it never submits), the typing chooses, Enter picks,
    // and Enter again moves on.
    await page.keyboard.press('Enter');
    await page.getByRole('listbox').waitFor();
    await page.getByRole('option', { name: '1º ano' }).waitFor();
    await page.keyboard.type('5');
    await page.getByRole('option', { name: '5º ano' }).and(page.locator('[data-highlighted]')).waitFor();
    await page.keyboard.press('Enter');
    await page.getByRole('listbox').waitFor({ state: 'hidden' });
    expect(await dialog.getByRole('combobox', { name: 'Ano' }).textContent()).toContain('5º ano');
    expect(await dialog.isVisible()).toBe(true);
    await page.keyboard.press('Enter');
    expect(await focusedLabel(page)).toBe('Escola');
    await page.keyboard.type('E.E.F. Érico Veríssimo');
    await page.keyboard.press('Enter');
    expect(await focusedLabel(page)).toBe('Estado');
    await dialog.getByLabel(/Observações Adicionais/).fill('Turma participativa');
    await page.keyboard.press('Enter');
    await waitForToast(page, 'Turma criada com sucesso!');
    await dialog.waitFor({ state: 'hidden' });

    const card = page.getByRole('heading', { name: 'Turma 51' }).locator('xpath=ancestor::div[contains(@class,"rounded-xl")][1]');
    await card.getByText('Dora Lima').waitFor();
    await card.getByText('5º ano').waitFor();
    await card.getByText('SEDUC-RS 2025', { exact: true }).waitFor();
    expect(await card.getByText('SEDUC-RS_2025').count()).toBe(0);
    await card.getByText('Turma participativa').waitFor();
    await card.getByText('0 planos de aula').waitFor();
    await card.getByText(`Criada em ${todayPtBr()}`).waitFor();
    await expectAccessible(page, 'turmas list');
    await screenshot(page, 'turmas-list');

    // Edit
    await page.getByRole('button', { name: 'Editar turma 51' }).click();
    const edit = page.getByRole('dialog', { name: 'Editar Turma' });
    expect(await edit.getByLabel('Número da Turma').inputValue()).toBe('51');
    await edit.getByLabel('Escola').fill('E.E.E.M. Cecília Meireles');
    await edit.getByRole('button', { name: 'Salvar Alterações' }).click();
    await waitForToast(page, 'Turma atualizada com sucesso!');
    await page.getByText('E.E.E.M. Cecília Meireles').waitFor();

    // Duplicate copies everything but the number.
    await page.getByRole('button', { name: 'Duplicar turma 51' }).click();
    const duplicate = page.getByRole('dialog', { name: 'Duplicar Turma' });
    expect(await duplicate.getByLabel('Número da Turma').inputValue()).toBe('');
    expect(await duplicate.getByLabel('Nome do Professor').inputValue()).toBe('Dora Lima');
    expect(await duplicate.getByLabel(/Observações Adicionais/).inputValue()).toBe('Turma participativa');
    // The same school and number again: the server's reason, and the dialog stays open to fix it.
    await duplicate.getByLabel('Número da Turma').fill('51');
    await duplicate.getByRole('button', { name: 'Criar Turma' }).click();
    await waitForToast(page, 'Você já tem a turma 51 da escola E.E.E.M. Cecília Meireles.');
    await duplicate.waitFor();
    await duplicate.getByLabel('Número da Turma').fill('52');
    await duplicate.getByRole('button', { name: 'Criar Turma' }).click();
    await waitForToast(page, 'Turma criada com sucesso!');
    await page.getByRole('heading', { name: 'Turma 52' }).waitFor();
    const titles = await page.getByRole('heading', { level: 2, name: /^Turma \d+$/ }).allTextContents();
    expect(titles).toEqual(['Turma 52', 'Turma 51']);

    // Delete asks first.
    await page.getByRole('button', { name: 'Excluir turma 52' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Confirmar Exclusão' });
    await confirm.getByText('Tem certeza que deseja excluir esta turma? Esta ação não pode ser desfeita.').waitFor();
    await confirm.getByRole('button', { name: 'Excluir' }).click();
    await waitForToast(page, 'Turma excluída com sucesso!');
    await page.getByRole('heading', { name: 'Turma 52' }).waitFor({ state: 'detached' });

    await page.goto(`${session.stack.url}/dashboard`);
    const stat = page.getByText('Turmas Cadastradas', { exact: true }).locator('xpath=..');
    await stat.getByText('1', { exact: true }).waitFor();
  });

  it('previews what the notes lose before saving, and the card shows only the saved (redacted) text', async () => {
    const typed = 'A Alice tem TEA e precisa de rotina. Laudo CID F84.0. Ligar para a mãe: (51) 99876-5432. CPF 529.982.247-25.';
    const saved = 'A [nome] tem [laudo] e precisa de rotina. Laudo [CID]. Ligar para a mãe: [telefone]. [CPF].';
    await page.goto(`${session.stack.url}/turmas`);
    await page.getByRole('button', { name: 'Nova Turma' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nova Turma' });
    await dialog.getByLabel('Nome do Professor').fill('Dora Lima');
    await dialog.getByLabel('Número da Turma').fill('71');
    await chooseOption(page, dialog.getByRole('combobox', { name: 'Ano' }), '7º ano');
    await dialog.getByLabel('Escola').fill('E.E.F. Érico Veríssimo');
    const notes = dialog.getByLabel(/Observações Adicionais/);
    // The promise is the field's own description.
    const description = await notes.evaluate((el) =>
      (el.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent ?? '').join(' '),
    );
    expect(description).toContain('Este campo não guarda nomes, diagnósticos, laudos nem dados de saúde');

    const preview = dialog.getByRole('status', { name: 'Prévia das observações' });
    expect(await preview.textContent()).toBe('');
    await notes.fill(typed);
    await preview.getByText('Será guardado assim:').waitFor();
    await preview.getByText(saved, { exact: true }).waitFor();
    const removed = (await preview.locator('q').allTextContents()).sort();
    expect(removed).toEqual(['(51) 99876-5432', 'Alice', 'CID F84.0', 'CPF 529.982.247-25', 'TEA'].sort());
    await expectAccessible(page, 'turma notes preview');
    await page.setViewportSize(VIEWPORTS.phone);
    expect(await fitsViewportWidth(page)).toBe(true);
    await preview.scrollIntoViewIfNeeded();
    await screenshot(page, 'turma-notes-preview-phone');

    await dialog.getByRole('button', { name: 'Criar Turma' }).click();
    await waitForToast(page, 'Turma criada com sucesso!');
    await dialog.waitFor({ state: 'hidden' });
    const card = page.getByRole('heading', { name: 'Turma 71' }).locator('xpath=ancestor::div[contains(@class,"rounded-xl")][1]');
    await card.getByText(saved, { exact: true }).waitFor();
    const list = (await page.locator('main').textContent()) ?? '';
    for (const personal of ['Alice', 'F84.0', '99876-5432', '529.982.247-25']) expect(list).not.toContain(personal);
    expect(await fitsViewportWidth(page)).toBe(true);
    await expectAccessible(page, 'turma card with redacted notes (phone)');
    await page.setViewportSize(VIEWPORTS.desktop);

    // Editing starts from the saved text, with nothing left to remove.
    await page.getByRole('button', { name: 'Editar turma 71' }).click();
    const edit = page.getByRole('dialog', { name: 'Editar Turma' });
    expect(await edit.getByLabel(/Observações Adicionais/).inputValue()).toBe(saved);
    expect(await edit.getByRole('status', { name: 'Prévia das observações' }).textContent()).toBe('');
  });

  it('sends a teacher whose session ended to /auth with the Sessão Expirada notice', async () => {
    await page.goto(`${session.stack.url}/turmas`);
    await page.getByRole('heading', { name: 'Gerenciar Turmas' }).waitFor();
    await context.clearCookies();

    await page.getByRole('button', { name: 'Nova Turma' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nova Turma' });
    await dialog.getByLabel('Nome do Professor').fill('Dora Lima');
    await dialog.getByLabel('Número da Turma').fill('61');
    await chooseOption(page, dialog.getByRole('combobox', { name: 'Ano' }), '6º ano');
    await dialog.getByLabel('Escola').fill('Escola Estadual');
    // The notice shows for 500 ms before the browser leaves, so start watching before the click.
    const notice = Promise.all([
      waitForToast(page, 'Sessão Expirada'),
      waitForToast(page, 'Sessão expirada. Fazendo login novamente...'),
    ]);
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/turmas') && r.request().method() === 'POST');
    await dialog.getByRole('button', { name: 'Criar Turma' }).click();
    expect((await answer).status()).toBe(401);
    await notice;
    await page.waitForURL('**/auth');
  });
});
