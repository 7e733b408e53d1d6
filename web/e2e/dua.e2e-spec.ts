import type { BrowserContext } from 'playwright-core';
import type { Plano } from '@planejador/contracts';
import { expectAccessible, newContext, pageClient, registerTeacher, uniqueEmail, VIEWPORTS } from '@planejador/testing';
import { chooseOption, docxText, fitsViewportWidth, lessonRegion as lesson, useStackAndBrowser } from './flows';

// Issue 28, Inclusion (DUA) without personal data, as a teacher with no AI key walks it: she marks her class's
// barreiras in the turma form, is warned when she types a student's name in the notes, generates a plan (offline
// drafter), reads each lesson's "Acessibilidade (DUA)", adapts one lesson's activity for leitura and exports.

const TUTORIAL_KEY = 'planejador-didactic-planner-tutorial-completed';
const WAIT = { timeout: 30000 };



describe('DUA for the class, offline (no AI key)', () => {
  const session = useStackAndBrowser({}, 'offline');
  let context: BrowserContext;

  afterEach(async () => {
    await context?.close();
  });

  it('marks barreiras, is warned about a name in the notes, generates, sees DUA, adapts an activity and exports it', async () => {
    const { stack, browser } = session;
    context = await newContext(browser, 'desktop', stack.url);
    const page = await context.newPage();
    await page.goto('/');
    const api = pageClient(page);
    await registerTeacher(api, { email: uniqueEmail('dua') });
    await page.evaluate((key) => localStorage.setItem(key, 'true'), TUTORIAL_KEY);

    // The turma form: barreiras as checkboxes with what they mean; a student's name in the notes is warned about.
    await page.goto('/turmas');
    await page.getByRole('button', { name: 'Nova Turma' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Nova Turma' });
    await dialog.getByLabel('Nome do Professor').fill('Dora Lima');
    await dialog.getByLabel('Número da Turma').fill('31');
    await chooseOption(page, dialog.getByRole('combobox', { name: 'Ano' }), '3º ano');
    await dialog.getByLabel('Escola').fill('E.E.F. Cecília Meireles');
    const barreiras = dialog.getByRole('group', { name: 'Barreiras da turma (opcional)' });
    await barreiras.getByText(/nunca quem precisa/).waitFor();
    await barreiras.getByRole('checkbox', { name: /^Leitura/ }).check();
    await barreiras.getByRole('checkbox', { name: /^Audição e Libras/ }).check();
    const notes = dialog.getByLabel(/Observações Adicionais/);
    await notes.fill('O aluno Enzo Gabriel senta na frente');
    const warning = dialog.getByRole('status').filter({ hasText: 'Parece haver dado pessoal' });
    await warning.waitFor();
    expect(await warning.textContent()).toContain('nome de pessoa');
    await expectAccessible(page, 'turma com barreiras e aviso de dado pessoal');
    await page.setViewportSize(VIEWPORTS.phone);
    expect(await fitsViewportWidth(page)).toBe(true);
    await page.setViewportSize(VIEWPORTS.desktop);
    await notes.fill('Turma participativa, gosta de atividades no pátio');
    await warning.waitFor({ state: 'hidden' });
    await dialog.getByRole('button', { name: 'Criar Turma' }).click();
    await dialog.waitFor({ state: 'hidden', timeout: 15000 });
    await page.getByText('Leitura, Audição e Libras', { exact: true }).waitFor();
    const [turma] = (await api.get<{ id: string; barreiras: string[] }[]>('/api/turmas')).body;
    expect(turma.barreiras).toEqual(['leitura', 'audicao-libras']);

    // Generate (offline drafter) through the form.
    await page.goto('/gerar-planos');
    await chooseOption(page, page.getByRole('combobox', { name: 'Turma' }), '31 - E.E.F. Cecília Meireles (3º ano)');
    await chooseOption(page, page.getByRole('combobox', { name: 'Matéria Geral' }), 'Ciências');
    await page.getByLabel('Descrição da aula 1', { exact: true }).fill('Plantar feijão no algodão e observar a germinação da semente, registrando em desenhos');
    await page.getByRole('button', { name: 'Adicionar Aula' }).click();
    await page.getByLabel('Descrição da aula 2', { exact: true }).fill('Leitura de um texto sobre as partes da planta e conversa em grupos');
    await page.getByRole('button', { name: 'Gerar Plano de Aula' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirmar Geração do Plano' });
    await confirm.getByRole('button', { name: 'Confirmar e Gerar' }).click();
    await page.waitForURL(/\/plano\/[0-9a-f-]{36}$/, WAIT);
    const id = page.url().split('/plano/')[1];

    // Each lesson shows its DUA strategies by principle, for the class's barreiras.
    await page.getByRole('heading', { name: 'Visualizar Plano', level: 1 }).waitFor(WAIT);
    for (const n of [1, 2]) {
      const dua = lesson(page, n).getByRole('region', { name: 'Acessibilidade (DUA)' });
      await dua.waitFor(WAIT);
      for (const principle of ['Representação', 'Ação e expressão', 'Engajamento']) await dua.getByRole('heading', { name: principle }).waitFor();
      await dua.getByText(/^Leitura: /).first().waitFor();
      await dua.getByText(/^Audição e Libras: /).first().waitFor();
    }
    await expectAccessible(page, 'plano com acessibilidade (DUA)');
    const before = (await api.get<Plano>(`/api/planos/${id}`)).body.aulas[0];

    // Adapt lesson 1's activity for leitura: progress as a regeneration, then Desfazer; the skills stay.
    const one = lesson(page, 1);
    await one.getByRole('button', { name: 'Adaptar atividade' }).click();
    const adapt = page.getByRole('dialog', { name: 'Adaptar atividade da Aula 1' });
    expect(await adapt.getByLabel('Barreira').inputValue()).toBe('leitura');
    await adapt.getByText(/Sem IA configurada, gerar novamente não custa nada\./).waitFor();
    await expectAccessible(page, 'adaptar atividade');
    await adapt.getByRole('button', { name: 'Adaptar' }).click();
    await adapt.waitFor({ state: 'hidden', timeout: 15000 });
    await one.getByRole('button', { name: 'Desfazer' }).waitFor({ timeout: 60000 });
    await one.getByText(/Adaptação para Leitura, feita sem IA/).waitFor();
    await one.getByText(/Glossário/).first().waitFor();
    const after = (await api.get<Plano>(`/api/planos/${id}`)).body.aulas[0];
    expect(after.habilidadeCodes).toEqual(before.habilidadeCodes);
    expect(after.versao).toBe(before.versao + 1);
    await expectAccessible(page, 'aula com atividade adaptada');

    await page.setViewportSize(VIEWPORTS.phone);
    expect(await fitsViewportWidth(page)).toBe(true);
    await page.setViewportSize(VIEWPORTS.desktop);

    // The .docx prints the strategies under "Acessibilidade (DUA)" and the adapted activity.
    const exported = await page.request.get(`${stack.url}/api/planos/${id}/export`);
    expect(exported.status()).toBe(200);
    const text = await docxText(await exported.body());
    expect(text).toContain('Acessibilidade (DUA)');
    expect(text).toContain('Apoios para Leitura');
    expect(text).not.toContain('sem IA'); // the note on how it was made stays on the page (issue 34)
    expect(text).toContain(after.dua!.representacao[0]);
  }, 300_000);
});
