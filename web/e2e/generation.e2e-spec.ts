import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import type { Plano, PublicUser } from '@planejador/contracts';
import { CreditsRepository, Database } from '@planejador/db';
import {
  createTurma,
  expectAccessible,
  launchBrowser,
  newContext,
  pageClient,
  PASSWORD,
  registerTeacher,
  screenshot,
  startStack,
  uniqueEmail,
  VIEWPORTS,
  type ApiClient,
  type Stack,
} from '@planejador/testing';
import { closeWithEscape, fitsViewportWidth, waitForFocus } from './flows';

// /gerar-planos end to end: the built api, worker and web, real Chromium, the fake AI (or the offline drafter).

const TUTORIAL_KEY = 'planejador-didactic-planner-tutorial-completed';
const WAIT = { timeout: 15000 };
// startStack waits for the processes' ready lines, which are info logs.
const STACK_ENV = { LOG_LEVEL: 'info' };

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

async function visible(locator: Locator, timeout = WAIT.timeout): Promise<void> {
  await locator.waitFor({ state: 'visible', timeout });
}

async function hidden(locator: Locator, timeout = WAIT.timeout): Promise<void> {
  await locator.waitFor({ state: 'hidden', timeout });
}

/**
 * A new teacher made through the api with the page's own cookies (the UI path is covered by the first test), tour
 * already seen; the factories' client for the rest of the set-up.
 */
async function teacherAtPage(page: Page, tag: string): Promise<{ api: ApiClient; user: PublicUser }> {
  await page.goto('/');
  const api = pageClient(page);
  const { user } = await registerTeacher(api, { email: uniqueEmail(`gen-${tag}`) });
  // The tour is covered by the first test; here it would only sit over the form.
  await page.evaluate((key) => localStorage.setItem(key, 'true'), TUTORIAL_KEY);
  return { api, user };
}

/** Runs a teacher out of credits straight in the database (this test file's own database, DATABASE_URL). */
async function spendAllCredits(userId: string): Promise<void> {
  const db = await Database.connect({ databaseUrl: process.env.DATABASE_URL!, poolMax: 1, statementPoolMax: 0 });
  try {
    expect(await new CreditsRepository(db).setUserCredits(userId, 0)).toBe(true);
  } finally {
    await db.close();
  }
}

/** A class of this file: Ana Souza's, without notes. */
const CLASS = { observacoesAdicionais: '' };

async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
}

/** The theme as the app applies it (class on <html>, saved choice) without a reload, so page state stays. */
async function applyTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  await page.evaluate(
    ({ theme }) => {
      localStorage.setItem('planejador-theme', theme);
      document.documentElement.classList.toggle('dark', theme === 'dark');
    },
    { theme },
  );
}

/** Screenshots of the current state in light and dark, desktop and phone; ends in light desktop. */
async function screenshots(page: Page, name: string): Promise<void> {
  for (const viewport of ['desktop', 'phone'] as const) {
    await page.setViewportSize(VIEWPORTS[viewport]);
    for (const theme of ['light', 'dark'] as const) {
      await applyTheme(page, theme);
      await page.waitForTimeout(150);
      await screenshot(page, `${name}-${theme}-${viewport}`);
    }
  }
  await applyTheme(page, 'light');
  await page.setViewportSize(VIEWPORTS.desktop);
}

function lessonRow(page: Page, numero: number): Locator {
  return page.getByRole('list', { name: 'Aulas do plano' }).getByRole('listitem').filter({ hasText: `Aula ${numero}` });
}

function planIdFrom(url: string): string {
  const id = new URL(url).searchParams.get('plano');
  if (!id) throw new Error(`no ?plano= in ${url}`);
  return id;
}

describe('gerar planos with the fake AI', () => {
  let stack: Stack;
  let context: BrowserContext;

  beforeAll(async () => {
    // A tenth of a second per AI answer: what the first test looks at mid-generation is held by a `hold` step, not
    // by latency, and the failing AI's calls (every retry of the lesson) each wait it out.
    stack = await startStack({ ai: 'fake', aiLatencyMs: 100, env: { ...STACK_ENV, OPENAI_TIMEOUT_MS: '30000' } });
  });

  afterAll(async () => {
    await stack?.stop();
  });

  afterEach(async () => {
    await context?.close();
    stack?.ai?.reset();
  });

  it('signs up, creates a class, follows the tutorial and the matrix, generates a 3-lesson plan and opens it', async () => {
    context = await newContext(browser, 'desktop', stack.url);
    const page = await context.newPage();
    // The live progress comes over socket.io's websocket to this origin, which the CSP's connect-src 'self' allows
    // (no ws: or wss: to anywhere): frames arrive, and the browser reports no refused connection.
    const socketFrames: string[] = [];
    const refused: string[] = [];
    page.on('websocket', (ws) => ws.on('framereceived', () => void socketFrames.push(ws.url())));
    page.on('console', (message) => {
      if (/Content Security Policy|connect-src/i.test(message.text())) refused.push(message.text());
    });

    // Sign up and create a class through the UI.
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Cadastrar' }).click();
    await page.getByLabel('Nome', { exact: true }).fill('Beatriz');
    await page.getByLabel('Sobrenome').fill('Lima');
    await page.getByLabel('Email').fill(uniqueEmail('gen-ui'));
    await page.getByLabel('Senha', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirmar Senha').fill(PASSWORD);
    await page.getByRole('button', { name: 'Criar Conta' }).click();
    await page.waitForURL('**/dashboard', WAIT);

    await page.goto('/turmas');
    await page.getByRole('button', { name: 'Nova Turma' }).first().click();
    await page.getByLabel('Nome do Professor').fill('Beatriz Lima');
    await page.getByLabel('Número da Turma').fill('51');
    await choose(page, 'Ano', '5º ano');
    await page.getByLabel('Escola').fill('Escola Estadual Tiradentes');
    await page.getByRole('button', { name: 'Criar Turma' }).click();
    await visible(page.getByText('Turma criada com sucesso!', { exact: true }));

    // The page, the credits and the tutorial that opens by itself after about a second.
    await page.goto('/gerar-planos');
    await visible(page.getByRole('heading', { name: 'Gerar Planos de Aula', level: 1 }));
    await visible(page.getByText('Créditos disponíveis: 35'));
    const tour = page.locator('.driver-popover');
    await visible(tour, 5000);
    await visible(tour.getByText('Passo 1 de 6'));
    await visible(tour.getByText('Escolha a turma'));
    await tour.getByRole('button', { name: 'Próximo' }).click();
    await visible(tour.getByText('Passo 2 de 6'));
    await tour.getByRole('button', { name: 'Anterior' }).click();
    await visible(tour.getByText('Passo 1 de 6'));
    // Once the highlight settles, no section carries driver.js's popup-trigger ARIA.
    await page.waitForFunction(() => !document.querySelector('[data-tour][aria-expanded]'), undefined, WAIT);
    await expectAccessible(page, 'gerar-planos with the tutorial open');
    await screenshots(page, 'generation-tutorial');
    await tour.getByRole('button', { name: 'Sair' }).click();
    await hidden(tour);
    expect(await page.evaluate((key) => localStorage.getItem(key), TUTORIAL_KEY)).not.toBeNull();
    await page.reload();
    await visible(page.getByRole('heading', { name: 'Gerar Planos de Aula', level: 1 }));
    await page.waitForTimeout(1800);
    expect(await tour.count()).toBe(0);

    // The form's rules before anything is filled.
    const generateButton = page.getByRole('button', { name: 'Gerar Plano de Aula' });
    expect(await generateButton.isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Visualizar Matriz-RS' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Excluir aula 1' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Configurações Avançadas' }).click();
    await visible(page.getByRole('switch', { name: 'Limitar a uma habilidade por aula' }));
    await visible(page.getByRole('switch', { name: 'Preferir matriz SEDUC-RS' }));
    await visible(page.getByRole('combobox', { name: 'Nível de detalhamento' }).getByText('3 — Equilibrado (padrão)'));
    await expectAccessible(page, 'gerar-planos form');
    await screenshots(page, 'generation-form');

    // Class and subject; then the curriculum matrix with a real BNCC skill and the search.
    await choose(page, 'Turma', '51 - Escola Estadual Tiradentes');
    await choose(page, 'Matéria Geral', 'Matemática');
    // No RS matrix is loaded: 'Preferir matriz SEDUC-RS' is off and disabled, and says why.
    const preferirSeduc = page.getByRole('switch', { name: 'Preferir matriz SEDUC-RS' });
    expect(await preferirSeduc.isDisabled()).toBe(true);
    expect(await preferirSeduc.getAttribute('aria-checked')).toBe('false');
    expect(await preferirSeduc.evaluate((el) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent)).toMatch(
      /^Indisponível: a matriz estadual do RS ainda não foi carregada/,
    );
    await page.getByRole('button', { name: 'Visualizar Matriz-RS' }).click();
    const matrix = page.getByRole('dialog', { name: 'Matriz Curricular - Matemática' });
    await visible(matrix);
    await visible(matrix.getByRole('tab', { name: 'Números' }));
    await visible(matrix.getByText('EF05MA01', { exact: true }));
    await visible(matrix.getByText('Item 1', { exact: true }));
    await visible(matrix.getByText('A matriz estadual SEDUC-RS ainda não foi carregada', { exact: false }).first());
    await visible(matrix.getByRole('link', { name: /bncc\.dev \(mantido pela Profy\)/ }));
    await expectAccessible(page, 'matrix dialog');
    await screenshots(page, 'generation-matrix');
    await matrix.getByRole('tab', { name: 'Geometria' }).click();
    await visible(matrix.getByText(/EF05MA1[4-8]/).first());
    await matrix.getByRole('searchbox', { name: 'Buscar habilidade' }).fill('bingo das frações');
    const found = matrix.getByRole('list', { name: 'Habilidades encontradas' });
    await visible(found);
    expect(await found.getByRole('listitem').first().textContent()).toMatch(/EF05MA\d\d/);
    await expectAccessible(page, 'matrix dialog with search results');
    await matrix.getByRole('button', { name: 'Fechar' }).last().click();
    await hidden(matrix);
    // Keyboard: Enter opens it, Escape closes it, and focus is back on the button.
    const matrizButton = page.getByRole('button', { name: 'Visualizar Matriz-RS' });
    await matrizButton.focus();
    await page.keyboard.press('Enter');
    await visible(matrix);
    await closeWithEscape(page, matrix);
    await waitForFocus(page, matrizButton);

    // Three lessons: Enter in a filled description adds the next row and moves there.
    const prompts = [
      'Frações com receitas de bolo, comparando quantidades',
      'Bingo das frações equivalentes',
      'Medidas de comprimento com fita métrica no pátio',
    ];
    await page.getByLabel('Descrição da aula 1').fill(prompts[0]);
    expect(await generateButton.isEnabled()).toBe(true);
    await page.getByLabel('Descrição da aula 1').press('Enter');
    await visible(page.getByLabel('Descrição da aula 2'));
    expect(await page.getByLabel('Descrição da aula 2').evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type(prompts[1]);
    await page.keyboard.press('Enter');
    await page.keyboard.type(prompts[2]);
    expect(await page.getByRole('button', { name: 'Excluir aula 1' }).isEnabled()).toBe(true);

    // Lesson 3 answers only once the test has looked at the generating screen (released below, within the worker's
    // 30 s AI time-out), so the screen shows lessons in different states meanwhile.
    stack.ai!.script({ match: prompts[2], hold: true });
    await generateButton.click();
    const confirm = page.getByRole('dialog', { name: 'Confirmar Geração do Plano' });
    await visible(confirm);
    await visible(confirm.getByText('51 - Escola Estadual Tiradentes'));
    await visible(confirm.getByText('3 aulas'));
    await visible(confirm.getByText('1 crédito'));
    await confirm.getByRole('button', { name: 'Confirmar e Gerar' }).click();

    await page.waitForURL(/\/gerar-planos\?plano=/, WAIT);
    const planId = planIdFrom(page.url());
    await visible(page.getByRole('heading', { name: 'Gerando Plano de Aula' }));
    await visible(page.getByText('Nossa IA está criando seu plano personalizado...'));
    await visible(lessonRow(page, 1).getByText('Concluída'));
    await visible(lessonRow(page, 2).getByText('Concluída'));
    await visible(lessonRow(page, 3).getByText('Gerando...'));
    const progress = page.getByRole('progressbar', { name: 'Progresso da geração' });
    expect(await progress.getAttribute('aria-valuenow')).toBe('2');
    await visible(page.getByText('2 de 3 aulas'));

    // A reload resumes from the api: same plan, same progress.
    await page.reload();
    await visible(page.getByRole('heading', { name: 'Gerando Plano de Aula' }));
    await visible(lessonRow(page, 1).getByText('Concluída'));
    await visible(lessonRow(page, 3).getByText('Gerando...'));
    await expectAccessible(page, 'generating screen');
    await screenshots(page, 'generation-progress');
    stack.ai!.release();

    // (The success toast is checked in the offline test: here it may have timed out during the screenshots.)
    await page.waitForURL(`**/plano/${planId}`, { timeout: 30000 });
    expect(socketFrames.length).toBeGreaterThan(0);
    expect(socketFrames.every((url) => new URL(url).host === new URL(stack.url).host)).toBe(true);
    expect(refused).toEqual([]);
    const plano = await pageClient(page).get<Plano>(`/api/planos/${planId}`);
    expect(plano.body.generation).toMatchObject({ state: 'done', done: 3, total: 3 });
    // The switch was off (no RS matrix loaded): the plan was asked for with it off, and its page says so.
    expect(plano.body.preferirSeduc).toBe(false);
    const preferirSeducShown = page.locator('xpath=//dt[normalize-space()="Preferir matriz SEDUC-RS"]/following-sibling::dd[1]');
    await visible(preferirSeducShown);
    expect(await preferirSeducShown.textContent()).toBe('Não');
    for (const aula of plano.body.aulas) expect(aula.habilidadeCodes.every((code) => /^EF05MA\d\d$/.test(code))).toBe(true);

    await page.goto('/gerar-planos');
    await visible(page.getByText('Créditos disponíveis: 34'));
  });

  it('a failing AI ends the plan failed, shows the reason and the returned credit, and Tentar Novamente refills the form', async () => {
    context = await newContext(browser, 'desktop', stack.url);
    const page = await context.newPage();
    const { api } = await teacherAtPage(page, 'fail');
    await createTurma(api, { ...CLASS, numero: '72', ano: '7', escola: 'Escola Municipal Aurora' });
    stack.ai!.script({ status: 500, times: 1000 });

    await page.goto('/gerar-planos');
    await visible(page.getByText('Créditos disponíveis: 35'));
    await choose(page, 'Turma', '72 - Escola Municipal Aurora');
    await choose(page, 'Matéria Geral', 'Ciências');
    await page.getByLabel('Descrição da aula 1').fill('Ciclo da água com experimento de evaporação');
    await page.getByRole('button', { name: 'Gerar Plano de Aula' }).click();
    await page.getByRole('dialog', { name: 'Confirmar Geração do Plano' }).getByRole('button', { name: 'Confirmar e Gerar' }).click();

    await visible(page.getByRole('heading', { name: 'Não foi possível gerar o plano' }), 60000);
    await visible(page.getByText('Seu crédito foi devolvido.'));
    const alert = page.getByRole('alert').filter({ hasText: 'Seu crédito foi devolvido.' });
    expect(((await alert.textContent()) ?? '').replace('Seu crédito foi devolvido.', '').trim().length).toBeGreaterThan(5);
    await visible(lessonRow(page, 1).getByText('Falhou'));
    await visible(page.getByText('Créditos: 35'));
    await expectAccessible(page, 'failed generation');
    await screenshots(page, 'generation-failed');

    await page.getByRole('button', { name: 'Tentar Novamente' }).click();
    await visible(page.getByRole('button', { name: 'Gerar Plano de Aula' }));
    expect(page.url()).not.toContain('plano=');
    expect(await page.getByLabel('Descrição da aula 1').inputValue()).toBe('Ciclo da água com experimento de evaporação');
    await visible(page.getByRole('combobox', { name: 'Turma' }).getByText('72 - Escola Municipal Aurora'));
    await visible(page.getByRole('combobox', { name: 'Matéria Geral' }).getByText('Ciências'));
  });
  it('shows a lesson\'s text growing while the AI writes it (streaming), then opens the finished plan', async () => {
    context = await newContext(browser, 'phone', stack.url);
    const page = await context.newPage();
    const { api } = await teacherAtPage(page, 'stream');
    await createTurma(api, { ...CLASS, numero: '73', ano: '5', escola: 'Escola Estadual Farroupilha' });
    const prompt = 'Frações equivalentes com tiras de papel';
    // This lesson streams at about a model's pace (60 tokens a second): its text arrives over several seconds.
    stack.ai!.script({ match: prompt, tokensPerSecond: 60 });

    await page.goto('/gerar-planos');
    await choose(page, 'Turma', '73 - Escola Estadual Farroupilha');
    await choose(page, 'Matéria Geral', 'Matemática');
    await page.getByLabel('Descrição da aula 1').fill(prompt);
    await page.getByRole('button', { name: 'Gerar Plano de Aula' }).click();
    await page.getByRole('dialog', { name: 'Confirmar Geração do Plano' }).getByRole('button', { name: 'Confirmar e Gerar' }).click();
    await page.waitForURL(/\/gerar-planos\?plano=/, WAIT);
    const planId = planIdFrom(page.url());

    const streaming = page.getByRole('region', { name: 'Aula 1 sendo escrita' });
    await visible(streaming, 30000);
    const first = ((await streaming.textContent()) ?? '').length;
    await page.waitForTimeout(1500);
    const later = ((await streaming.textContent().catch(() => '')) ?? '').length;
    // More text on the page, and the lesson still being written.
    expect(later).toBeGreaterThan(first);
    await visible(lessonRow(page, 1).getByText('Gerando...'));
    await expectAccessible(page, 'lesson being written');
    expect(await fitsViewportWidth(page)).toBe(true);

    await page.waitForURL(`**/plano/${planId}`, { timeout: 60000 });
    const plano = await pageClient(page).get<Plano>(`/api/planos/${planId}`);
    expect(plano.body.aulas[0]).toMatchObject({ generation: { state: 'done' }, versao: 1 });
  });
});

describe('gerar planos offline (no API key)', () => {
  let stack: Stack;
  let context: BrowserContext;

  beforeAll(async () => {
    stack = await startStack({ ai: 'offline', env: STACK_ENV });
  });

  afterAll(async () => {
    await context?.close();
    await stack?.stop();
  });

  it('generates a 1-lesson plan with the offline drafter and opens it', async () => {
    context = await newContext(browser, 'phone', stack.url);
    const page = await context.newPage();
    const { api, user } = await teacherAtPage(page, 'offline');

    // No class yet: the blue card points to /turmas and nothing can be generated.
    await page.goto('/gerar-planos');
    const noClass = page.getByRole('region', { name: 'Nenhuma Turma Cadastrada' });
    await visible(noClass.getByText('Você precisa cadastrar pelo menos uma turma antes de gerar planos de aula.'));
    expect(await noClass.getByRole('link', { name: 'Cadastrar Turmas' }).getAttribute('href')).toBe('/turmas');
    expect(await page.getByRole('button', { name: 'Gerar Plano de Aula' }).isDisabled()).toBe(true);
    await expectAccessible(page, 'gerar-planos without classes');

    await createTurma(api, { ...CLASS, numero: '31', ano: '3', escola: 'Escola Estadual Nova Esperança' });
    await page.reload();
    await hidden(noClass);
    await visible(page.getByText('Créditos disponíveis: 35'));
    await choose(page, 'Turma', '31 - Escola Estadual Nova Esperança');
    await choose(page, 'Matéria Geral', 'Português');
    await page.getByLabel('Descrição da aula 1').fill('Roda de conversa sobre a família e leitura de um conto');
    // Adding beyond 15 lessons is refused with the spec's toast.
    for (let numero = 2; numero <= 15; numero += 1) await page.getByRole('button', { name: 'Adicionar Aula' }).click();
    await visible(page.getByLabel('Descrição da aula 15'));
    await page.getByRole('button', { name: 'Adicionar Aula' }).click();
    await visible(page.getByText('Limite Atingido', { exact: true }));
    await visible(page.getByText('Máximo de 15 aulas por plano', { exact: true }));
    expect(await page.getByLabel('Descrição da aula 16').count()).toBe(0);
    // Deleting a lesson renumbers the rest and leaves the keyboard in the table.
    await page.getByRole('button', { name: 'Excluir aula 2' }).click();
    await hidden(page.getByLabel('Descrição da aula 15'));
    expect(await page.getByLabel('Descrição da aula 2').evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await page.getByLabel('Descrição da aula 1', { exact: true }).inputValue()).toBe('Roda de conversa sobre a família e leitura de um conto');

    // Empty lessons are dropped on confirm: one lesson is generated.
    await page.getByRole('button', { name: 'Gerar Plano de Aula' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirmar Geração do Plano' });
    await visible(confirm.getByText('1 aula', { exact: true }));
    await confirm.getByRole('button', { name: 'Confirmar e Gerar' }).click();

    await page.waitForURL(/\/plano\/[0-9a-f-]{36}$/, { timeout: 30000 });
    await visible(page.getByText('Plano de aula gerado com sucesso!', { exact: true }));
    const planId = page.url().split('/plano/')[1];
    const plano = await api.get<Plano>(`/api/planos/${planId}`);
    expect(plano.body.generator).toBe('offline');
    expect(plano.body.generation.state).toBe('done');
    expect(plano.body.aulas).toHaveLength(1);
    expect(plano.body.aulas[0].habilidadeCodes.length).toBeGreaterThan(0);
    expect(plano.body.aulas[0].habilidadeCodes.every((code) => /^EF\d\dLP\d\d$/.test(code))).toBe(true);

    await page.goto('/gerar-planos');
    await visible(page.getByText('Créditos disponíveis: 34'));

    // The credits run out while the page still shows 34: the server refuses (402), the toast says why and
    // the yellow card appears; the form cannot generate any more.
    await choose(page, 'Turma', '31 - Escola Estadual Nova Esperança');
    await choose(page, 'Matéria Geral', 'Português');
    await page.getByLabel('Descrição da aula 1', { exact: true }).fill('Leitura de poemas');
    await page.getByRole('button', { name: 'Gerar Plano de Aula' }).click();
    await spendAllCredits(user.id);
    await page.getByRole('dialog', { name: 'Confirmar Geração do Plano' }).getByRole('button', { name: 'Confirmar e Gerar' }).click();
    await visible(page.getByText('Erro', { exact: true }));
    const noCredits = page.getByRole('region', { name: 'Créditos Insuficientes' });
    await visible(noCredits.getByText('Você não possui créditos suficientes para gerar novos planos de aula.'));
    expect(page.url()).not.toContain('plano=');
    expect(await page.getByRole('button', { name: 'Gerar Plano de Aula' }).isDisabled()).toBe(true);
    await expectAccessible(page, 'gerar-planos without credits');
  });
});
