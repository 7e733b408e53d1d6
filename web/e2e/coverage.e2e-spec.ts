import { MSG, networkCalendar, trimestreNoCalendario, type Cobertura, type Plano } from '@planejador/contracts';
import { createTurma, expectAccessible, launchBrowser, newContext, pageClient, setTheme, startStack, uniqueEmail, type Stack } from '@planejador/testing';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { chooseOption, fitsViewportWidth, registerViaUi, waitForToast } from './flows';

/** Issue 15: from an empty class to covered skills through "Planejar estas habilidades" (offline drafter). */

const WAIT = { timeout: 30000 };

describe('coverage of the BNCC per class', () => {
  let stack: Stack;
  let browser: Browser;
  let context: BrowserContext;

  beforeAll(async () => {
    stack = await startStack({ env: { LOG_LEVEL: 'info' } });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });
  afterEach(async () => {
    await context?.close();
  });

  async function teacherWithClass(page: Page, prefix: string): Promise<void> {
    await registerViaUi(page, stack.url, { email: uniqueEmail(prefix), password: 'segredo123', firstName: 'Elisa' });
    await createTurma(pageClient(page, stack.url), { nomeProfessor: 'Elisa Prado', numero: '51', escola: 'E.E.F. Mário Quintana', ano: '5', observacoesAdicionais: null });
    await page.evaluate(() => localStorage.setItem('planejador-didactic-planner-tutorial-completed', 'true'));
  }

  it('shows what the year lacks, plans two uncovered skills in two clicks, and then shows them covered', async () => {
    context = await newContext(browser, 'desktop', stack.url);
    const page = await context.newPage();
    await teacherWithClass(page, 'cobertura');
    // The plan below starts on 02/03/2026 with no trimestre chosen: the server places it by the school calendar.
    const trimestre = trimestreNoCalendario(networkCalendar(2026), '2026-03-02');

    await page.goto('/turmas');
    const bars = page.getByRole('list', { name: 'Cobertura da BNCC da turma 51 por matéria' });
    await bars.getByRole('listitem').filter({ hasText: 'Matemática' }).getByText(/^0\/\d+$/).waitFor(WAIT);
    await page.getByRole('link', { name: 'Cobertura da BNCC da turma 51' }).click();
    await page.getByRole('heading', { name: 'Cobertura da BNCC — Turma 51', level: 1 }).waitFor(WAIT);
    const math = page.getByRole('region', { name: 'Matemática' });
    await math.waitFor(WAIT);
    await math.getByRole('progressbar', { name: /^Ano inteiro: 0 de \d+ habilidades cobertas$/ }).waitFor();
    // Every subject's bars are shown; one subject's grid at a time, opened from its card (kept in the URL).
    expect(await page.getByRole('checkbox', { name: /^Selecionar / }).count()).toBe(0);
    await math.getByRole('button', { name: /^Ver as \d+ habilidades de Matemática$/ }).click();
    await page.waitForURL(/materia=matematica/, WAIT);
    expect(await math.getByRole('button', { name: /^Ocultar as \d+ habilidades/ }).getAttribute('aria-expanded')).toBe('true');
    await expectAccessible(page, 'cobertura vazia');

    // The filter goes to the URL (a navigation), so the box is checked once the page has re-rendered.
    await page.getByLabel('Só não cobertas').click();
    await page.waitForURL(/pendentes=1/, WAIT);
    await math.getByLabel('Selecionar EF05MA01 para planejar').check();
    await math.getByLabel('Selecionar EF05MA02 para planejar').check();
    await math.getByText('2 selecionadas: EF05MA01, EF05MA02').waitFor();
    await math.getByRole('button', { name: 'Planejar estas habilidades' }).click();

    await page.waitForURL(/\/gerar-planos\?/, WAIT);
    await page.getByRole('button', { name: 'Desafixar EF05MA01 da aula 1' }).waitFor(WAIT);
    await page.getByRole('button', { name: 'Desafixar EF05MA02 da aula 2' }).waitFor();
    expect(await page.getByLabel('Descrição da aula 1').inputValue()).toMatch(/^EF05MA01: /);
    // The school year: the trimestre comes from the school calendar unless she picks one; period and length are optional.
    await page.getByRole('combobox', { name: 'Trimestre' }).filter({ hasText: 'Pelo calendário escolar' }).waitFor();
    await page.getByLabel('Início (opcional)').fill('2026-03-02');
    await page.getByLabel('Fim (opcional)').fill('2026-03-13');
    await page.getByLabel('Duração da aula em minutos (opcional)').fill('45');
    await page.getByRole('button', { name: 'Gerar Plano de Aula' }).click();
    await page.getByRole('dialog', { name: 'Confirmar Geração do Plano' }).getByRole('button', { name: 'Confirmar e Gerar' }).click();
    await page.waitForURL(/\/plano\//, WAIT);
    const planId = page.url().split('/plano/')[1].split('?')[0];
    const plano = (await (await page.request.get(`${stack.url}/api/planos/${planId}`)).json()) as Plano;
    expect(plano.aulas.map((a) => a.habilidadeCodes)).toEqual([['EF05MA01'], ['EF05MA02']]);
    expect(plano.trimestre).toBe(trimestre);
    expect([plano.dataInicio, plano.dataFim, plano.duracaoAulaMin]).toEqual(['2026-03-02', '2026-03-13', 45]);
    await page.getByRole('heading', { name: 'Período letivo' }).waitFor(WAIT);
    await page.getByText('02/03/2026 a 13/03/2026').waitFor();
    await page.getByText('2 aulas, 1 h 30 min').waitFor();
    // The plan page edits them (saved with the plan's PUT); an inverted period is refused.
    await page.getByRole('button', { name: 'Alterar período letivo' }).click();
    await page.getByLabel('Fim', { exact: true }).fill('2026-03-01');
    await page.getByRole('button', { name: 'Salvar período' }).click();
    await waitForToast(page, MSG.periodoInvertido);
    await page.getByLabel('Fim', { exact: true }).fill('2026-03-20');
    await page.getByLabel('Duração da aula (minutos)').fill('50');
    await page.getByRole('button', { name: 'Salvar período' }).click();
    await waitForToast(page, 'Período letivo salvo.');
    await page.getByText('02/03/2026 a 20/03/2026').waitFor();
    await page.getByText('2 aulas, 1 h 40 min').waitFor();
    const saved = (await (await page.request.get(`${stack.url}/api/planos/${planId}`)).json()) as Plano;
    expect([saved.trimestre, saved.dataFim, saved.duracaoAulaMin]).toEqual([trimestre, '2026-03-20', 50]);

    await page.getByRole('link', { name: 'Cobertura da BNCC da turma' }).click();
    await page.getByRole('heading', { name: 'Cobertura da BNCC — Turma 51', level: 1 }).waitFor(WAIT);
    await math.getByRole('progressbar', { name: /^Ano inteiro: 2 de \d+ habilidades cobertas$/ }).waitFor(WAIT);
    await math.getByRole('progressbar', { name: new RegExp(`^${trimestre}º trimestre: 2 de`) }).waitFor();
    // "Só não cobertas" is off again (a new visit): the covered skills say when they were covered.
    await math.getByText(`Coberta no ${trimestre}º trimestre`).first().waitFor();
    await expectAccessible(page, 'cobertura com habilidades cobertas');
    // Dark theme: still readable (axe checks the contrast).
    await setTheme(page, 'dark');
    await math.getByRole('progressbar', { name: /^Ano inteiro: 2 de/ }).waitFor(WAIT);
    await expectAccessible(page, 'cobertura (tema escuro)');
    await setTheme(page, 'light');
    // Each skill's official text is on the page beside its code, no click per skill.
    const current = (await (await page.request.get(`${stack.url}/api/turmas/${plano.turmaId}/cobertura`)).json()) as Cobertura;
    const official = current.materias.find((m) => m.materia === 'matematica')!.habilidades.find((h) => h.code === 'EF05MA02')!.description;
    await math.getByRole('listitem').filter({ hasText: 'EF05MA02' }).first().getByText(official, { exact: true }).waitFor(WAIT);
    expect(await math.getByText('Texto da habilidade').count()).toBe(0);
    // She plans Matemática in this class: the year's other subjects are folded away, and shown again on a click
    // that this class remembers.
    expect(await page.getByRole('region', { name: 'Português' }).count()).toBe(0);
    await page.getByRole('button', { name: /^Mostrar as outras \d+ matérias$/ }).click();
    await page.getByRole('region', { name: 'Português' }).waitFor(WAIT);
    await page.reload();
    await page.getByRole('region', { name: 'Português' }).waitFor(WAIT);
    await page.getByRole('button', { name: /^Ocultar as outras \d+ matérias$/ }).click();
    await page.getByRole('region', { name: 'Português' }).waitFor({ state: 'detached', ...WAIT });

    // Each covered skill names its trimestre in text beside the colour, and cannot be chosen again for that trimestre.
    const covered = math.getByRole('listitem').filter({ hasText: 'EF05MA01' }).first();
    await covered.getByText(`${trimestre}º tri`, { exact: true }).waitFor(WAIT);
    expect(await covered.getByRole('checkbox').count()).toBe(0);
    // In another trimestre it is still to plan there: chosen, the form opens with that period (?periodo=, any kind).
    const other = (trimestre % 3) + 1;
    await page.goto(`/turmas/${plano.turmaId}/cobertura?trimestre=${other}&materia=matematica`);
    await math.getByLabel('Selecionar EF05MA01 para planejar').check(WAIT);
    await math.getByRole('button', { name: 'Planejar estas habilidades' }).click();
    await page.waitForURL(new RegExp(`/gerar-planos\\?.*periodo=${other}`), WAIT);
    await page.getByRole('button', { name: 'Desafixar EF05MA01 da aula 1' }).waitFor(WAIT);
    await page.getByRole('combobox', { name: 'Trimestre' }).filter({ hasText: `${other}º trimestre` }).waitFor();

    // The class card's bar follows.
    await page.goto('/turmas');
    await bars.getByRole('listitem').filter({ hasText: 'Matemática' }).getByText(/^2\/\d+$/).waitFor(WAIT);
    // And so does the dashboard's, whose link opens the class's coverage.
    await page.goto('/dashboard');
    const dashboard = page.getByRole('region', { name: 'Cobertura da BNCC das turmas' });
    await dashboard.getByRole('list', { name: 'Cobertura da BNCC da turma 51 por matéria' }).getByRole('listitem').filter({ hasText: 'Matemática' }).getByText(/^2\/\d+$/).waitFor(WAIT);
    await expectAccessible(page, 'dashboard com cobertura');
    await dashboard.getByRole('link', { name: 'Ver cobertura da turma 51' }).click();
    await page.getByRole('heading', { name: 'Cobertura da BNCC — Turma 51', level: 1 }).waitFor(WAIT);

    // The history keeps its trimestre filter in the URL.
    await page.goto('/historico');
    await chooseOption(page, page.getByRole('combobox', { name: 'Trimestre' }), `${trimestre}º trimestre`);
    await page.waitForURL(new RegExp(`trimestre=${trimestre}`), WAIT);
    await page.reload();
    await page.getByRole('combobox', { name: 'Trimestre' }).filter({ hasText: `${trimestre}º trimestre` }).waitFor(WAIT);
    await page.getByRole('row', { name: /EF05MA01/ }).waitFor(WAIT);
    await page.goto(`/historico?trimestre=${(trimestre % 3) + 1}`);
    await page.getByRole('heading', { name: 'Nenhum plano encontrado' }).waitFor(WAIT);
  }, 120000);

  it('works at phone width', async () => {
    context = await newContext(browser, 'phone', stack.url);
    const page = await context.newPage();
    await teacherWithClass(page, 'cobertura-fone');
    await page.goto('/turmas');
    await page.getByRole('link', { name: 'Cobertura da BNCC da turma 51' }).click();
    await page.getByRole('region', { name: 'Matemática' }).getByRole('button', { name: /^Ver as \d+ habilidades/ }).click(WAIT);
    await page.getByLabel('Selecionar EF05MA01 para planejar').waitFor(WAIT);
    await expectAccessible(page, 'cobertura (celular)');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(1);
    await page.goto('/dashboard');
    await page.getByRole('region', { name: 'Cobertura da BNCC das turmas' }).getByText('Matemática').waitFor(WAIT);
    expect(await fitsViewportWidth(page)).toBe(true);
  }, 90000);
});
