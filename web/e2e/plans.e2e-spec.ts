import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import type { Plano, Turma } from '@planejador/contracts';
import { Database } from '@planejador/db';
import {
  createTurma,
  insertPlan,
  expectAccessible,
  generateRequest,
  launchBrowser,
  newContext,
  pageClient,
  requestPlan,
  screenshot,
  setTheme,
  startStack,
  uniqueEmail,
  waitForPlan,
  type Stack,
} from '@planejador/testing';
import type { Browser, BrowserContext, Dialog, Locator, Page } from 'playwright-core';
import { lessonRegion as lesson, registerViaUi, todayPtBr, waitForToast } from './flows';

const TEMA = 'Frações no cotidiano da feira';

/** The class data of this file (what the pages show of a class). */
const CLASS = { nomeProfessor: 'Elisa Prado', escola: 'E.E.F. Mário Quintana', ano: '5', observacoesAdicionais: null };

/** Set-up through the api with the browser's own session cookie (page.request shares the context's cookies). */
function createClass(page: Page, baseUrl: string, numero: string): Promise<Turma> {
  return createTurma(pageClient(page, baseUrl), { ...CLASS, numero });
}

/** Asks for a plan, of 2 lessons unless other prompts are given (the worker writes it in the background). */
function startPlan(
  page: Page,
  baseUrl: string,
  turmaId: string,
  temaPrincipal = TEMA,
  prompts = ['Metades e quartos com frutas da feira', 'Comparar frações com tiras de papel'],
): Promise<string> {
  return requestPlan(pageClient(page, baseUrl), generateRequest(turmaId, prompts, { temaPrincipal }), { 'Idempotency-Key': randomUUID() });
}

function planDone(page: Page, baseUrl: string, id: string): Promise<Plano> {
  return waitForPlan(pageClient(page, baseUrl), id, { states: ['done'], timeoutMs: 30000 });
}

async function generatePlan(page: Page, baseUrl: string, turmaId: string): Promise<Plano> {
  return planDone(page, baseUrl, await startPlan(page, baseUrl, turmaId));
}

async function chooseOption(page: Page, combobox: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: combobox }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}


/** Whether the element is wholly inside the viewport and is what a pointer at its centre would hit (not covered). */
async function inReach(locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return r.top >= 0 && r.bottom <= window.innerHeight && r.left >= 0 && r.right <= window.innerWidth && !!hit && el.contains(hit);
  });
}

/** Scrolls the window (no smooth scrolling) to the bottom or to an element, and waits until it is there. */
async function scrollWindow(page: Page, to: 'bottom' | Locator): Promise<void> {
  if (to === 'bottom') {
    // Scrolled again at each try: the page may still grow (a restored draft, late texts) after the first scroll.
    await page.waitForFunction(() => {
      window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' });
      return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
    });
  } else {
    await to.evaluate((el) => el.scrollIntoView({ block: 'center', behavior: 'instant' }));
    // (A lesson is taller than the screen: it shows across the middle of it.)
    await page.waitForFunction((el) => {
      const r = el!.getBoundingClientRect();
      return r.top < window.innerHeight / 2 && r.bottom > window.innerHeight / 2;
    }, await to.elementHandle());
  }
}

/** Light and dark screenshots of the current page (setTheme reloads, which a draft survives). */
async function screenshots(page: Page, name: string, viewport: 'desktop' | 'phone'): Promise<void> {
  await setTheme(page, 'dark');
  await page.getByRole('heading', { level: 1 }).waitFor();
  await expectAccessible(page, `${name} dark ${viewport}`);
  await screenshot(page, `${name}-dark-${viewport}`);
  await setTheme(page, 'light');
  await page.getByRole('heading', { level: 1 }).waitFor();
  await expectAccessible(page, `${name} light ${viewport}`);
  await screenshot(page, `${name}-light-${viewport}`);
}

describe('plans: history, plan page, editing, drafts, export and delete', () => {
  let stack: Stack;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    // LOG_LEVEL info: the harness waits for the processes' ready lines, which are info lines.
    stack = await startStack({ ai: 'fake', aiLatencyMs: 100, env: { LOG_LEVEL: 'info' } });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });
  afterEach(async () => {
    await context?.close();
  });

  async function signUp(viewport: 'desktop' | 'phone', prefix: string): Promise<void> {
    context = await newContext(browser, viewport, stack.url);
    page = await context.newPage();
    await registerViaUi(page, stack.url, { email: uniqueEmail(prefix), password: 'segredo123', firstName: 'Elisa' });
  }

  it('lists, filters, edits with a restored draft, saves, exports and deletes a plan', async () => {
    await signUp('desktop', 'planos');
    const turma = await createClass(page, stack.url, '51');
    await createClass(page, stack.url, '72');
    const plano = await generatePlan(page, stack.url, turma.id);

    await page.getByRole('navigation', { name: 'Navegação principal' }).getByRole('link', { name: 'Histórico' }).click();
    await page.getByRole('heading', { name: 'Histórico de Planos' }).waitFor();
    const row = page.getByRole('row', { name: new RegExp(TEMA) });
    await row.waitFor();
    await row.getByText(todayPtBr()).waitFor();
    await row.getByRole('cell', { name: '51', exact: true }).waitFor();
    await row.getByText('2 aulas').waitFor();
    await row.getByText('Gerado', { exact: true }).waitFor();
    await expectAccessible(page, 'historico');
    await screenshots(page, 'historico', 'desktop');

    // Filters work in the browser: a narrow one empties the table.
    await chooseOption(page, 'Status', 'Salvo');
    await page.getByRole('heading', { name: 'Nenhum plano encontrado' }).waitFor();
    await chooseOption(page, 'Status', 'Gerado');
    await row.waitFor();
    await chooseOption(page, 'Turma', 'Turma 72');
    await page.getByRole('heading', { name: 'Nenhum plano encontrado' }).waitFor();
    await chooseOption(page, 'Turma', 'Turma 51');
    await row.waitFor();
    await chooseOption(page, 'Status', 'Todos');

    // View mode: read-only texts, the settings and the general information.
    await row.getByRole('link', { name: 'Visualizar plano' }).click();
    await page.waitForURL(`**/plano/${plano.id}?edit=false`);
    await page.getByRole('heading', { name: 'Visualizar Plano', level: 1 }).waitFor();
    await page.getByText(`Criado em ${todayPtBr()}`).waitFor();
    await page.getByText('5º ano', { exact: true }).waitFor();
    await page.getByText(`${plano.nivelDetalhamento} de 5`, { exact: true }).waitFor();
    await lesson(page, 1).getByText('Metades e quartos com frutas da feira', { exact: true }).waitFor();
    await lesson(page, 2).getByRole('heading', { name: 'Evidências de Aprendizagem' }).waitFor();
    expect(await page.getByRole('textbox').count()).toBe(0);
    await screenshots(page, 'plano-view', 'desktop');

    // Edit two fields of different lessons.
    await page.getByRole('button', { name: 'Editar', exact: true }).click();
    await page.getByRole('heading', { name: 'Editar Plano', level: 1 }).waitFor();
    await page.getByText('Modo de Edição Ativado').waitFor();
    expect(page.url()).toContain('edit=true');
    const objetivos = 'Reconhecer metades e quartos em situações da feira.\nRepresentar frações com desenhos.';
    const evidencias = 'Os alunos comparam frações usando tiras de papel e explicam oralmente.';
    await lesson(page, 1).getByLabel('Objetivos de Aprendizagem', { exact: true }).fill(objetivos);
    await lesson(page, 2).getByLabel('Evidências de Aprendizagem', { exact: true }).fill(evidencias);
    await page.getByText('Mudanças não salvas', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Baixar Documento (mudanças não salvas)' }).waitFor();

    // A reload keeps the edits (the local draft) and edit mode.
    await page.reload();
    await page.getByRole('heading', { name: 'Editar Plano', level: 1 }).waitFor();
    await page.getByText('Mudanças não salvas', { exact: true }).waitFor();
    await page.getByText('Restauramos mudanças não salvas da sua última edição.').waitFor();
    expect(await lesson(page, 1).getByLabel('Objetivos de Aprendizagem', { exact: true }).inputValue()).toBe(objetivos);
    expect(await lesson(page, 2).getByLabel('Evidências de Aprendizagem', { exact: true }).inputValue()).toBe(evidencias);
    await screenshots(page, 'plano-edit', 'desktop');

    await page.getByRole('button', { name: 'Salvar Mudanças' }).click();
    await waitForToast(page, 'Plano de aula salvo com sucesso!');
    await page.getByRole('heading', { name: 'Visualizar Plano', level: 1 }).waitFor();
    await page.getByText('Salvo', { exact: true }).first().waitFor();
    expect(await page.getByText('Mudanças não salvas', { exact: true }).count()).toBe(0);
    await lesson(page, 2).getByText(evidencias).waitFor();
    // Saved: a reload shows the server copy in view mode, no draft.
    await page.reload();
    await page.getByRole('heading', { name: 'Visualizar Plano', level: 1 }).waitFor();
    await lesson(page, 1).getByText('Reconhecer metades e quartos em situações da feira.').waitFor();
    expect(await page.getByText('Restauramos mudanças não salvas da sua última edição.').count()).toBe(0);

    // Export: a long action shows its progress and a double press asks once; the .docx arrives with its name.
    const exportRequests: string[] = [];
    const exportPath = /\/api\/planos\/[^/]+\/export$/;
    await page.route(exportPath, async (route) => {
      exportRequests.push(route.request().url());
      await new Promise((r) => setTimeout(r, 1000));
      await route.continue();
    });
    const downloadEvent = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Baixar Documento', exact: true }).dblclick();
    const exporting = page.getByRole('button', { name: 'Exportando...' });
    await exporting.waitFor();
    expect(await exporting.isDisabled()).toBe(true);
    expect(await exporting.getAttribute('aria-busy')).toBe('true');
    const download = await downloadEvent;
    await page.unroute(exportPath);
    expect(exportRequests).toHaveLength(1);
    expect(download.suggestedFilename()).toMatch(/\.docx$/);
    const file = readFileSync((await download.path())!);
    expect(file.subarray(0, 2).toString('latin1')).toBe('PK');
    expect(file.length).toBeGreaterThan(5 * 1024);
    await waitForToast(page, 'Plano exportado com sucesso!');

    // Back to the history: the status follows, then the plan is deleted after confirmation.
    await page.getByRole('link', { name: 'Voltar', exact: true }).click();
    await page.getByRole('heading', { name: 'Histórico de Planos' }).waitFor();
    await row.getByText('Salvo', { exact: true }).waitFor();
    await chooseOption(page, 'Status', 'Salvo');
    await row.waitFor();
    await row.getByRole('button', { name: 'Excluir plano' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Confirmar Exclusão' });
    await confirm.getByText('Tem certeza que deseja excluir este plano de aula? Esta ação não pode ser desfeita.').waitFor();
    await expectAccessible(page, 'delete confirmation');
    await confirm.getByRole('button', { name: 'Excluir' }).click();
    await waitForToast(page, 'Plano excluído com sucesso!');
    await page.getByRole('heading', { name: 'Nenhum plano criado ainda' }).waitFor();
    await page.getByRole('link', { name: 'Criar Primeiro Plano' }).waitFor();
    expect((await page.request.get(`${stack.url}/api/planos/${plano.id}`)).status()).toBe(404);
  });

  it('shows the progress of a plan being written, discards edits with Cancelar and saves before exporting', async () => {
    await signUp('desktop', 'planos-exportar');
    const turma = await createClass(page, stack.url, '33');
    // The second lesson waits until the test has seen the progress (released below); then the page shows the
    // editor by itself.
    stack.ai!.script({ match: 'Comparar frações com tiras de papel', hold: true });
    const id = await startPlan(page, stack.url, turma.id);
    await page.goto(`${stack.url}/plano/${id}?edit=true`);
    await page.getByRole('heading', { name: 'Gerando Plano de Aula' }).waitFor();
    await page.getByRole('progressbar', { name: 'Progresso da geração' }).waitFor();
    await page.getByText(/de 2 aulas prontas/).waitFor();
    await expectAccessible(page, 'plano generating');
    await screenshot(page, 'plano-generating-light-desktop');
    stack.ai!.release();
    const habilidades = lesson(page, 1).getByLabel('Habilidades', { exact: true });
    await habilidades.waitFor({ timeout: 30000 });
    await page.getByRole('heading', { name: 'Editar Plano', level: 1 }).waitFor();
    const plano = await planDone(page, stack.url, id);
    const original = plano.aulas.find((aula) => aula.numeroAula === 1)?.habilidades ?? '';
    expect(await habilidades.inputValue()).toBe(original);

    await habilidades.fill('Texto que será descartado.');
    await page.getByText('Mudanças não salvas', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Cancelar' }).click();
    await page.getByRole('heading', { name: 'Visualizar Plano', level: 1 }).waitFor();
    expect(await page.getByText('Mudanças não salvas', { exact: true }).count()).toBe(0);
    expect(await page.getByText('Texto que será descartado.').count()).toBe(0);
    await page.reload();
    await page.getByRole('heading', { name: 'Visualizar Plano', level: 1 }).waitFor();

    await page.getByRole('button', { name: 'Editar', exact: true }).click();
    expect(await habilidades.inputValue()).toBe(original);
    const edited = `${original}\nEF05MA03 - Identificar e representar frações.`;
    await habilidades.fill(edited);

    // Exporting with unsaved edits asks first; Cancelar keeps the edits.
    await page.getByRole('button', { name: 'Baixar Documento (mudanças não salvas)' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Mudanças não salvas' });
    await dialog.waitFor();
    await expectAccessible(page, 'unsaved export dialog');
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('Mudanças não salvas', { exact: true }).waitFor();

    await page.getByRole('button', { name: 'Baixar Documento (mudanças não salvas)' }).click();
    const downloadEvent = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Salvar e exportar' }).click();
    await waitForToast(page, 'Plano de aula salvo com sucesso!');
    const download = await downloadEvent;
    expect(download.suggestedFilename()).toMatch(/\.docx$/);
    await waitForToast(page, 'Plano exportado com sucesso!');

    const saved = (await (await page.request.get(`${stack.url}/api/planos/${plano.id}`)).json()) as Plano;
    expect(saved.status).toBe('salvo');
    // A code typed into Habilidades becomes one of the lesson's skills, written with its official text (issue 23).
    const savedLesson = saved.aulas.find((aula) => aula.numeroAula === 1)!;
    expect(savedLesson.habilidadeCodes).toContain('EF05MA03');
    expect(savedLesson.habilidades).toContain('(EF05MA03) Identificar e representar frações (menores e maiores que a unidade)');
  });

  it('keeps Salvar and the unsaved badge in reach down a 15-lesson plan, and asks before a reload drops unsaved edits', async () => {
    await signUp('desktop', 'planos-longo');
    const turma = await createClass(page, stack.url, '61');
    const prompts = Array.from({ length: 15 }, (_, i) => `Frações na feira, parte ${i + 1}: medir, comparar e registrar`);
    const plano = await planDone(page, stack.url, await startPlan(page, stack.url, turma.id, TEMA, prompts));
    expect(plano.aulas).toHaveLength(15);

    await page.goto(`${stack.url}/plano/${plano.id}?edit=true`);
    await page.getByRole('heading', { name: 'Editar Plano', level: 1 }).waitFor();
    // Asked for through the api with "Preferir matriz SEDUC-RS" on, but no RS matrix is loaded: only BNCC was used.
    expect(plano.preferirSeduc).toBe(true);
    await page.getByText('Não (a matriz do RS não está carregada: só BNCC)', { exact: true }).waitFor();
    const save = page.getByRole('button', { name: 'Salvar Mudanças' });
    const unsaved = page.getByText('Mudanças não salvas', { exact: true });
    // A click first: the browser asks before unloading only a page the user has interacted with.
    const objetivos = lesson(page, 1).getByLabel('Objetivos de Aprendizagem', { exact: true });
    await objetivos.click();
    await objetivos.fill('Comparar frações de frutas pesadas na feira.');
    await unsaved.waitFor();

    // Halfway down and at the very bottom, the bar stays on screen, uncovered.
    for (const [name, where] of [['Aula 8', lesson(page, 8)], ['o fim', 'bottom']] as const) {
      await scrollWindow(page, where);
      expect([name, await inReach(save), await inReach(unsaved)]).toEqual([name, true, true]);
    }
    await lesson(page, 15).getByLabel('Evidências de Aprendizagem', { exact: true }).waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await expectAccessible(page, 'plano longo com a barra de salvar');

    // A reload with unsaved edits: the browser's own "leave the site?" prompt; accepted, the draft comes back.
    const dialogs: string[] = [];
    const answer = (dialog: Dialog) => {
      dialogs.push(dialog.type());
      void dialog.accept();
    };
    page.on('dialog', answer);
    await page.reload();
    expect(dialogs).toEqual(['beforeunload']);
    await page.getByText('Restauramos mudanças não salvas da sua última edição.').waitFor();
    expect(await objetivos.inputValue()).toBe('Comparar frações de frutas pesadas na feira.');

    // Saved from the bottom of the page: nothing left to lose, so a reload asks nothing.
    await scrollWindow(page, 'bottom');
    await save.click();
    await waitForToast(page, 'Plano de aula salvo com sucesso!');
    await page.getByRole('heading', { name: 'Visualizar Plano', level: 1 }).click();
    await page.reload();
    await page.getByRole('heading', { name: 'Visualizar Plano', level: 1 }).waitFor();
    page.off('dialog', answer);
    expect(dialogs).toEqual(['beforeunload']);
  });

  it('pages a long history: the newest 25 first, the rest with Carregar mais; filters ask the server', async () => {
    await signUp('desktop', 'planos-paginas');
    const turma61 = await createClass(page, stack.url, '61');
    const turma62 = await createClass(page, stack.url, '62');
    const tema = (n: number) => `Projeto ${String(n).padStart(2, '0')}`;
    // 27 finished plans stored one after the other, so 'Projeto 27' is the newest; every third plan is class 62's.
    // Stored, not asked of the api: a teacher may ask for 10 plans a minute (decisions.md, "AI cost is bounded").
    const userId = (await pageClient(page, stack.url).get<{ id: string }>('/api/auth/user')).body.id;
    const db = await Database.connect({ databaseUrl: process.env.DATABASE_URL!, poolMax: 1, statementPoolMax: 0 });
    try {
      const repositories = new Map<unknown, unknown>();
      const repository = <T>(type: new (database: Database) => T): T => {
        if (!repositories.has(type)) repositories.set(type, new type(db));
        return repositories.get(type) as T;
      };
      for (let n = 1; n <= 27; n++) await insertPlan(repository, userId, n % 3 === 0 ? turma62.id : turma61.id, { temaPrincipal: tema(n) });
    } finally {
      await db.close();
    }

    await page.goto(`${stack.url}/historico`);
    await page.getByRole('heading', { name: 'Histórico de Planos' }).waitFor();
    await page.getByText('Mostrando 25 de 27 planos').waitFor();
    const rows = page.getByRole('table', { name: 'Planos de aula' }).getByRole('row');
    expect(await rows.count()).toBe(1 + 25);
    await rows.nth(1).getByText(tema(27)).waitFor();
    expect(await page.getByRole('row', { name: new RegExp(tema(1)) }).count()).toBe(0);
    await expectAccessible(page, 'historico with more pages');
    await page.getByRole('button', { name: 'Carregar mais planos' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'historico-paginas-light-desktop');

    const more = page.getByRole('button', { name: 'Carregar mais planos' });
    await more.focus();
    await page.keyboard.press('Enter');
    await page.getByText('27 planos', { exact: true }).waitFor();
    // The button is gone with the last page; focus stays on the page, on the count.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('27 planos');
    await page.getByRole('row', { name: new RegExp(tema(1)) }).waitFor();
    expect(await rows.count()).toBe(1 + 27);
    expect(await more.count()).toBe(0);

    // The class filter is answered by the server: class 62's nine plans, on one page.
    await chooseOption(page, 'Turma', 'Turma 62');
    await page.getByText('9 planos encontrados', { exact: true }).waitFor();
    expect(await rows.count()).toBe(1 + 9);
    await chooseOption(page, 'Status', 'Salvo');
    await page.getByRole('heading', { name: 'Nenhum plano encontrado' }).waitFor();
    await chooseOption(page, 'Status', 'Todos');
    await chooseOption(page, 'Turma', 'Todas');
    // Back to the whole list: both pages already read are still there.
    await page.getByText('27 planos', { exact: true }).waitFor();

    // The dashboard shows the three newest.
    await page.goto(`${stack.url}/dashboard`);
    const recentes = page.getByRole('region', { name: 'Planos Recentes' });
    await recentes.getByText(tema(27)).waitFor();
    await recentes.getByText(tema(25)).waitFor();
    expect(await recentes.getByText(tema(24)).count()).toBe(0);
  });

  it('answers a missing plan with "Plano não encontrado"', async () => {
    await signUp('desktop', 'planos-404');
    await page.goto(`${stack.url}/plano/${randomUUID()}`);
    await page.getByRole('heading', { name: 'Plano não encontrado', level: 1 }).waitFor();
    await page.getByText('O plano solicitado não existe ou você não tem permissão para visualizá-lo.').waitFor();
    await expectAccessible(page, 'plano not found');
    await screenshot(page, 'plano-not-found-light-desktop');
    await page.getByRole('link', { name: 'Voltar ao Histórico' }).click();
    await page.getByRole('heading', { name: 'Histórico de Planos' }).waitFor();
    await page.getByRole('heading', { name: 'Nenhum plano criado ainda' }).waitFor();
  });

  it('fits a phone: history cards and the plan page in view and edit modes', async () => {
    await signUp('phone', 'planos-phone');
    const turma = await createClass(page, stack.url, '61');
    const plano = await generatePlan(page, stack.url, turma.id);

    await page.goto(`${stack.url}/historico`);
    await page.getByRole('heading', { name: 'Histórico de Planos' }).waitFor();
    const card = page.getByRole('listitem').filter({ hasText: TEMA });
    await card.getByRole('link', { name: 'Editar plano' }).waitFor();
    await screenshots(page, 'historico', 'phone');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    await page.goto(`${stack.url}/plano/${plano.id}?edit=false`);
    await page.getByRole('heading', { name: 'Visualizar Plano', level: 1 }).waitFor();
    await screenshots(page, 'plano-view', 'phone');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    await page.goto(`${stack.url}/plano/${plano.id}?edit=true`);
    await lesson(page, 1).getByLabel('Objetivos de Aprendizagem', { exact: true }).fill('Objetivo editado no celular.');
    await page.getByText('Mudanças não salvas', { exact: true }).waitFor();
    await screenshots(page, 'plano-edit', 'phone');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });
});
