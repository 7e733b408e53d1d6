import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { MSG, type Plano } from '@planejador/contracts';
import { createTurma, expectAccessible, generateRequest, launchBrowser, newContext, pageClient, registerTeacher, requestPlan, startStack, uniqueEmail, VIEWPORTS, waitForPlan, type Stack } from '@planejador/testing';
import { docxText, fitsViewportWidth, lessonRegion as lesson, waitForToast } from './flows';

// Issue 23, "Lessons that teach", as a teacher with no AI key walks it: six lessons typed in the generate form, with
// a pinned skill and the plan's title, survive a leave and a reload; the plan is generated (offline drafter) and its
// page shows each lesson's title and its check of learning, and the plan can be renamed.

const TUTORIAL_KEY = 'planejador-didactic-planner-tutorial-completed';
const WAIT = { timeout: 30000 };
const LESSONS = [
  'Frações com receitas de bolo',
  'Medidas de comprimento na sala de aula',
  'Gráfico de barras com as frutas preferidas da turma',
  'Tabuada do 2 e do 5 com jogos de cartas',
  'Perímetro da quadra da escola',
  'Problemas de troco no mercado',
];
const TITLE = 'Matemática do dia a dia no 5º ano';
const NEW_TITLE = 'Frações, medidas e dinheiro';



async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
  await page.getByRole('combobox', { name: label }).getByText(option, { exact: true }).waitFor();
}

describe('lessons that teach, offline (no AI key)', () => {
  let stack: Stack;
  let browser: Browser;
  let context: BrowserContext;

  beforeAll(async () => {
    stack = await startStack({ ai: 'offline', env: { LOG_LEVEL: 'info' } });
    browser = await launchBrowser();
  });
  afterEach(async () => {
    await context?.close();
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it('keeps six typed lessons and their pins and title through a leave and a reload, generates, and shows each lesson titled with its check', async () => {
    context = await newContext(browser, 'desktop', stack.url);
    const page = await context.newPage();
    await page.goto('/');
    const api = pageClient(page);
    await registerTeacher(api, { email: uniqueEmail('aulas-que-ensinam') });
    await page.evaluate((key) => localStorage.setItem(key, 'true'), TUTORIAL_KEY);
    await createTurma(api, { numero: '51', ano: '5', escola: 'E.E.F. Mário Quintana', observacoesAdicionais: '' });

    // The form: class, subject, title, six lessons, a skill pinned on lesson 1.
    await page.goto('/gerar-planos');
    await choose(page, 'Turma', '51 - E.E.F. Mário Quintana (5º ano)');
    await choose(page, 'Matéria Geral', 'Matemática');
    await page.getByLabel('Título do plano').fill(TITLE);
    for (const [i, text] of LESSONS.entries()) {
      if (i > 0) await page.getByRole('button', { name: 'Adicionar Aula' }).click();
      await page.getByLabel(`Descrição da aula ${i + 1}`, { exact: true }).fill(text);
    }
    const suggestions = page.getByRole('list', { name: /^Habilidades sugeridas para a aula 1/ });
    const firstSuggestion = suggestions.getByRole('button').first();
    await firstSuggestion.waitFor(WAIT);
    const pinned = (await firstSuggestion.locator('.font-semibold').first().textContent())!.trim();
    await firstSuggestion.click();
    await page.getByRole('button', { name: `Desafixar ${pinned} da aula 1` }).waitFor();
    await expectAccessible(page, 'formulário com seis aulas');

    // Leaving inside the app asks first.
    await page.getByRole('link', { name: 'Histórico' }).first().click();
    const leave = page.getByRole('alertdialog', { name: 'Sair sem salvar?' });
    await leave.waitFor();
    await leave.getByRole('button', { name: 'Continuar no formulário' }).click();
    await leave.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/gerar-planos');

    // A reload asks the browser's question, and everything typed is back.
    const asked: string[] = [];
    page.on('dialog', (dialog) => {
      asked.push(dialog.type());
      void dialog.accept();
    });
    await page.reload();
    await page.getByText(/Restauramos o que você tinha digitado/).waitFor(WAIT);
    expect(asked).toEqual(['beforeunload']);
    expect(await page.getByLabel('Título do plano').inputValue()).toBe(TITLE);
    for (const [i, text] of LESSONS.entries()) expect(await page.getByLabel(`Descrição da aula ${i + 1}`, { exact: true }).inputValue()).toBe(text);
    await page.getByRole('button', { name: `Desafixar ${pinned} da aula 1` }).waitFor();
    await page.getByRole('combobox', { name: 'Turma' }).getByText('51 - E.E.F. Mário Quintana').waitFor();
    await page.setViewportSize(VIEWPORTS.phone);
    expect(await fitsViewportWidth(page)).toBe(true);
    await page.setViewportSize(VIEWPORTS.desktop);

    // Generate (offline drafter): the draft is gone once the plan exists.
    await page.getByRole('button', { name: 'Gerar Plano de Aula' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirmar Geração do Plano' });
    await confirm.getByText(TITLE, { exact: true }).waitFor();
    await confirm.getByText('6 aulas', { exact: true }).waitFor();
    await confirm.getByRole('button', { name: 'Confirmar e Gerar' }).click();
    await page.waitForURL(/\/plano\/[0-9a-f-]{36}$/, WAIT);
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('planejador-gerar-draft:')))).toEqual([]);
    const id = page.url().split('/plano/')[1];
    const plano = (await api.get<Plano>(`/api/planos/${id}`)).body;
    expect(plano.temaPrincipal).toBe(TITLE);
    expect(plano.aulas[0].habilidadeCodes).toEqual([pinned]);

    // Each lesson's heading carries its title; the check of learning follows its five fields.
    await page.getByRole('heading', { name: 'Visualizar Plano', level: 1 }).waitFor(WAIT);
    for (const aula of plano.aulas) {
      await page.getByRole('heading', { name: `Aula ${aula.numeroAula} — ${aula.titulo}`, level: 2 }).waitFor();
      const check = lesson(page, aula.numeroAula).getByRole('region', { name: 'Verificação da aprendizagem' });
      if (aula.verificacao) await check.getByText(aula.verificacao.questoes[0].enunciado).first().waitFor();
      else await check.getByText('Nenhuma verificação definida').waitFor();
    }
    await expectAccessible(page, 'plano com títulos e verificação');

    // "Renomear plano": a title the contract refuses is said under the field before anything is sent.
    await page.getByRole('button', { name: 'Renomear plano' }).click();
    await page.getByLabel('Título do plano').fill('ab');
    await page.getByRole('button', { name: 'Salvar título' }).click();
    await page.getByText(MSG.temaPrincipalLength).waitFor();
    await expectAccessible(page, 'renomear plano');
    await page.getByRole('button', { name: 'Cancelar' }).first().click();
    await page.getByRole('button', { name: 'Renomear plano' }).waitFor();

    await page.setViewportSize(VIEWPORTS.phone);
    expect(await fitsViewportWidth(page)).toBe(true);
  }, 300_000);

  it('renames the plan, rewrites a lesson for its new skill, and exports each title, the questions and the Gabarito', async () => {
    context = await newContext(browser, 'desktop', stack.url);
    const page = await context.newPage();
    await page.goto('/');
    const api = pageClient(page);
    await registerTeacher(api, { email: uniqueEmail('aulas-reescrita') });
    await page.evaluate((key) => localStorage.setItem(key, 'true'), TUTORIAL_KEY);
    const turma = await createTurma(api, { numero: '52', ano: '5', escola: 'E.E.F. Mário Quintana', observacoesAdicionais: '' });
    const id = await requestPlan(api, generateRequest(turma.id, LESSONS.slice(0, 2), { temaPrincipal: TITLE }), { 'Idempotency-Key': randomUUID() });
    const plano = await waitForPlan(api, id, { states: ['done'] });
    await page.goto(`/plano/${id}`);
    await lesson(page, 2).waitFor(WAIT);

    // Rename the plan: too short is refused with the contract's message, then saved and kept.
    await page.getByRole('button', { name: 'Renomear plano' }).click();
    await page.getByLabel('Título do plano').fill('ab');
    await page.getByRole('button', { name: 'Salvar título' }).click();
    await page.getByText(MSG.temaPrincipalLength).waitFor();
    await page.getByLabel('Título do plano').fill(NEW_TITLE);
    await page.getByRole('button', { name: 'Salvar título' }).click();
    await waitForToast(page, `O plano agora se chama “${NEW_TITLE}”.`);
    await page.reload();
    await page.getByText(NEW_TITLE, { exact: true }).first().waitFor(WAIT);
    expect((await api.get<Plano>(`/api/planos/${id}`)).body.temaPrincipal).toBe(NEW_TITLE);

    // Change lesson 2's skill: its other fields still cite the old one until the lesson is rewritten for the new.
    const two = lesson(page, 2);
    const before = plano.aulas[1].habilidadeCodes;
    await two.getByRole('button', { name: 'Trocar habilidade' }).click();
    const picker = page.getByRole('dialog', { name: 'Trocar habilidade da Aula 2' });
    const boxes = picker.getByRole('list', { name: 'Habilidades encontradas' }).getByRole('checkbox');
    await boxes.first().waitFor(WAIT);
    for (const code of before) await picker.getByLabel(new RegExp(`^${code} `)).uncheck();
    // Another skill than the lesson's: the list now starts with the best fits, the lesson's own (just unchecked) among them.
    const unchecked = picker.getByRole('list', { name: 'Habilidades encontradas' }).getByRole('checkbox', { checked: false });
    const codeOf = async (box: Locator) => (await box.getAttribute('id'))!.split('-').pop()!;
    let other = unchecked.first();
    for (let i = 0; before.includes(await codeOf(other)); i++) other = unchecked.nth(i + 1);
    const otherCode = await codeOf(other);
    await other.check();
    await picker.getByRole('button', { name: 'Salvar habilidade' }).click();
    await picker.waitFor({ state: 'hidden', timeout: 15000 });
    const alert = two.getByRole('alert');
    await alert.getByText('A habilidade desta aula mudou, mas outros campos ainda citam a habilidade antiga.').waitFor(WAIT);
    await expectAccessible(page, 'aula citando a habilidade antiga');
    await alert.getByRole('button', { name: 'Reescrever a aula para a nova habilidade' }).click();
    const rewrite = page.getByRole('dialog', { name: 'Reescrever a Aula 2 para a nova habilidade' });
    await rewrite.getByText(/o que você pedir abaixo fica registrado como nota para você/).waitFor();
    await rewrite.getByText(/Sem IA configurada, gerar novamente não custa nada\./).waitFor();
    await rewrite.getByRole('button', { name: 'Gerar novamente' }).click();
    await rewrite.waitFor({ state: 'hidden', timeout: 15000 });
    // The warning hides while the lesson is being written again; "Desfazer" shows once the rewrite is in.
    await two.getByRole('button', { name: 'Desfazer' }).waitFor({ timeout: 60000 });
    expect(await alert.count()).toBe(0);
    const rewritten = (await api.get<Plano>(`/api/planos/${id}`)).body.aulas[1];
    expect(rewritten.habilidadeCodes).toEqual([otherCode]);
    expect(rewritten.avisos).not.toContain('campos-com-habilidade-antiga');

    await page.setViewportSize(VIEWPORTS.phone);
    expect(await fitsViewportWidth(page)).toBe(true);
    await page.setViewportSize(VIEWPORTS.desktop);

    // The .docx: each lesson's heading with its title, its questions, and the answers apart in the Gabarito.
    const final = (await api.get<Plano>(`/api/planos/${id}`)).body;
    const exported = await page.request.get(`${stack.url}/api/planos/${id}/export`);
    expect(exported.status()).toBe(200);
    const text = await docxText(await exported.body());
    for (const aula of final.aulas) {
      expect(text).toContain(`Aula ${aula.numeroAula} — ${aula.titulo}`);
      for (const questao of aula.verificacao?.questoes ?? []) expect(text).toContain(questao.enunciado);
    }
    expect(text).toContain('Gabarito');
    const gabarito = text.slice(text.lastIndexOf('Gabarito'));
    const open = final.aulas.flatMap((a) => a.verificacao?.questoes ?? []).find((q) => q.tipo === 'aberta');
    if (open && open.tipo === 'aberta') expect(gabarito).toContain(open.respostaEsperada);
  }, 300_000);
});
