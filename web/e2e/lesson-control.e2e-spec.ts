import { randomUUID } from 'node:crypto';
import { LIMITS, MSG, type HabilidadeMatch, type Plano } from '@planejador/contracts';
import { createTurma, expectAccessible, generateRequest, launchBrowser, newContext, pageClient, requestPlan, startStack, uniqueEmail, waitFor, waitForPlan, type LessonRequest, type Stack } from '@planejador/testing';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { closeWithEscape, lessonRegion as lesson, registerViaUi, waitForFocus, waitForToast } from './flows';

/** Issue 13: a teacher steers each lesson on the plan page: regenerate with an instruction, undo, change the skill. */

const WAIT = { timeout: 30000 };
const NEW_OBJECTIVE = 'Medir objetos da sala com régua e registrar em tabela';
const KEEP_SKILLS = /^Manter (a habilidade atual|as habilidades atuais) \(/;


/** The teacher and school of this file's classes (the generate form lists them as '<número> - <escola>'). */
const CLASS = { nomeProfessor: 'Elisa Prado', escola: 'E.E.F. Mário Quintana', observacoesAdicionais: null };

/** A 5º ano class and a Matemática plan made through the API, once its generation reaches `state`. */
async function planThroughApi(page: Page, url: string, lessons: LessonRequest[], state: 'done' | 'failed', temaPrincipal: string): Promise<Plano> {
  const api = pageClient(page, url);
  const turma = await createTurma(api, { ...CLASS, numero: '51', ano: '5' });
  const id = await requestPlan(api, generateRequest(turma.id, lessons, { temaPrincipal }), { 'Idempotency-Key': randomUUID() });
  return waitForPlan(api, id, { states: [state] });
}

describe('lesson control on the plan page (fake AI)', () => {
  let stack: Stack;
  let browser: Browser;
  let context: BrowserContext;

  beforeAll(async () => {
    // Short retry waits: a plan whose lessons all fail ends failed in seconds. A tenth of a second per AI answer:
    // the regeneration the first test watches is held by a `hold` step, not by latency. A minute for an AI call: the
    // streamed regeneration below takes some 20 s, and on a loaded machine its timers run late.
    stack = await startStack({
      ai: 'fake',
      aiLatencyMs: 100,
      env: { LOG_LEVEL: 'info', OPENAI_TIMEOUT_MS: '60000', AI_RETRY_BASE_MS: '50', GENERATION_RETRY_BASE_MS: '100' },
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });
  afterEach(async () => {
    await context?.close();
    stack?.ai?.reset();
  });

  const planFor = (page: Page) =>
    planThroughApi(
      page,
      stack.url,
      [{ prompt: 'Receitas com frações', habilidadesFixadas: ['EF05MA03'] }, { prompt: 'Medidas de comprimento na sala' }],
      'done',
      'Frações e medidas',
    );

  it('regenerates a lesson with an instruction while another has unsaved edits, undoes it, changes a skill, saves and reloads', async () => {
    context = await newContext(browser, 'desktop', stack.url);
    const page = await context.newPage();
    await registerViaUi(page, stack.url, { email: uniqueEmail('controle'), password: 'segredo123', firstName: 'Elisa' });
    const plano = await planFor(page);
    expect(plano.aulas[0].habilidadeCodes).toEqual(['EF05MA03']);
    const original = plano.aulas[1].objetivos!;
    const field = (n: number, label: string) => lesson(page, n).getByLabel(label, { exact: true });
    const valueOf = (n: number, label: string) => field(n, label).inputValue();
    const until = (what: string, check: () => Promise<boolean>) =>
      waitFor(async () => ((await check()) ? true : null), { timeoutMs: 30000, what });

    await page.goto(`/plano/${plano.id}`);
    await lesson(page, 2).waitFor(WAIT);
    await expectAccessible(page, 'plano com controles');

    // Unsaved edits of lesson 1 while lesson 2 is written again.
    await page.getByRole('button', { name: 'Editar' }).click();
    await field(1, 'Objetivos de Aprendizagem').fill('Meu objetivo revisado');
    await page.getByText('Mudanças não salvas').first().waitFor();

    // Regenerate lesson 2 with an instruction (the AI answers once the test has seen the lesson's progress: released
    // below).
    stack.ai!.script({
      match: 'com régua',
      hold: true,
      content: { habilidades: ['EF05MA19'], objetivos: NEW_OBJECTIVE, experiencias: '1. Medir a sala.', evidencias: 'Tabela preenchida.' },
    });
    const regenerateRequests: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/regenerar')) regenerateRequests.push(request.url());
    });
    const again = lesson(page, 2).getByRole('button', { name: 'Gerar novamente', exact: true });
    await again.click();
    const dialog = page.getByRole('dialog', { name: 'Gerar novamente a Aula 2' });
    await dialog.getByLabel('O que você quer diferente? (opcional)').fill('mais prática, com régua');
    expect(await dialog.getByRole('checkbox', { name: KEEP_SKILLS }).isChecked()).toBe(false);
    await expectAccessible(page, 'dialogo gerar novamente');
    // A double click sends one request.
    await dialog.getByRole('button', { name: 'Gerar novamente' }).dblclick();
    await dialog.waitFor({ state: 'hidden' });
    // While it runs: the lesson's button is busy and disabled, and the lesson says it is being written again.
    await lesson(page, 2).getByRole('status').filter({ hasText: /Gerando esta aula novamente|Na fila para gerar esta aula novamente/ }).waitFor(WAIT);
    expect(await again.getAttribute('aria-busy')).toBe('true');
    expect(await again.isDisabled()).toBe(true);
    await expectAccessible(page, 'aula sendo gerada novamente');
    stack.ai!.release();
    await until('lesson 2 regenerated', async () => (await valueOf(2, 'Objetivos de Aprendizagem')) === NEW_OBJECTIVE);
    expect(regenerateRequests).toHaveLength(1);
    expect(await again.isDisabled()).toBe(false);
    // Lesson 1 kept its unsaved edit and its skill.
    expect(await valueOf(1, 'Objetivos de Aprendizagem')).toBe('Meu objetivo revisado');
    expect(await valueOf(1, 'Habilidades')).toContain('(EF05MA03)');

    // Undo in one click.
    await lesson(page, 2).getByRole('button', { name: 'Desfazer' }).click();
    await waitForToast(page, 'A Aula 2 voltou ao texto anterior.');
    await until('lesson 2 undone', async () => (await valueOf(2, 'Objetivos de Aprendizagem')) === original);
    expect(await valueOf(1, 'Objetivos de Aprendizagem')).toBe('Meu objetivo revisado');

    // Versions list the generation, the regeneration and the restore.
    await lesson(page, 2).getByRole('button', { name: /^Versões/ }).click();
    const versions = page.getByRole('dialog', { name: 'Versões da Aula 2' });
    await versions.getByText('Versão 3').waitFor(WAIT);
    await versions.getByText(/Versão 2 · Gerada novamente/).waitFor();
    await versions.getByText(/Versão 1 · Geração/).waitFor();
    await expectAccessible(page, 'dialogo versoes');
    await closeWithEscape(page, versions);
    // Focus goes back to the control that opened the dialog.
    await waitForFocus(page, lesson(page, 2).getByRole('button', { name: /^Versões/ }));

    // Change lesson 1's skill with the picker: its unsaved edit is saved with it, not dropped.
    await lesson(page, 1).getByRole('button', { name: 'Trocar habilidade' }).click();
    const picker = page.getByRole('dialog', { name: 'Trocar habilidade da Aula 1' });
    await picker.getByLabel('Buscar habilidade').fill('EF05MA08');
    await picker.getByLabel(/EF05MA03/).uncheck();
    await picker.getByLabel(/^EF05MA08/).check(WAIT);
    await expectAccessible(page, 'dialogo trocar habilidade');
    await picker.getByRole('button', { name: 'Salvar habilidade' }).click();
    await waitForToast(page, 'Habilidade da Aula 1 salva, com as suas edições desta aula.');
    await until('lesson 1 skill changed', async () => (await valueOf(1, 'Habilidades')).includes('(EF05MA08)'));
    expect(await valueOf(1, 'Objetivos de Aprendizagem')).toBe('Meu objetivo revisado');

    // An edit of lesson 2; leaving asks first, staying keeps it; the sticky bar saves it.
    await field(2, 'Evidências de Aprendizagem').fill('Tabela da turma');
    await page.getByText('Mudanças não salvas').first().waitFor();
    await page.getByRole('link', { name: 'Voltar', exact: true }).click();
    const leave = page.getByRole('alertdialog', { name: 'Sair sem salvar?' });
    await leave.waitFor();
    await leave.getByRole('button', { name: 'Continuar editando' }).click();
    expect(page.url()).toContain(`/plano/${plano.id}`);
    expect(await valueOf(2, 'Evidências de Aprendizagem')).toBe('Tabela da turma');
    await page.getByRole('button', { name: 'Salvar Mudanças' }).click();
    await waitForToast(page, 'Plano de aula salvo com sucesso!');

    await page.reload();
    await lesson(page, 1).getByText('Meu objetivo revisado').waitFor(WAIT);
    await lesson(page, 1).getByText('(EF05MA08)', { exact: false }).first().waitFor();
    await lesson(page, 2).getByText(original.split('\n')[0], { exact: false }).first().waitFor();
    await lesson(page, 2).getByText('Tabela da turma').waitFor();
    const saved = (await (await page.request.get(`${stack.url}/api/planos/${plano.id}`)).json()) as Plano;
    expect(saved.aulas[0].habilidadeCodes).toEqual(['EF05MA08']);
    expect(saved.aulas[0].objetivos).toBe('Meu objetivo revisado');
    expect(saved.aulas[1].objetivos).toBe(original);
    expect(saved.aulas[1].evidencias).toBe('Tabela da turma');
    expect(saved.status).toBe('salvo');
  }, 120000);

  it('pins a suggested skill on the generate form; the lesson cites exactly it; English in the 2º ano is refused before confirming', async () => {
    context = await newContext(browser, 'desktop', stack.url);
    const page = await context.newPage();
    await registerViaUi(page, stack.url, { email: uniqueEmail('fixar'), password: 'segredo123', firstName: 'Elisa' });
    for (const [numero, ano] of [['51', '5'], ['21', '2']]) {
      await createTurma(pageClient(page, stack.url), { ...CLASS, numero, ano });
    }
    await page.goto('/gerar-planos');
    await page.evaluate(() => localStorage.setItem('planejador-didactic-planner-tutorial-completed', 'true'));
    await page.reload();
    const choose = async (label: string, option: string) => {
      await page.getByRole('combobox', { name: label }).click();
      await page.getByRole('option', { name: option }).click();
    };
    await choose('Turma', '21 - E.E.F. Mário Quintana');
    await choose('Matéria Geral', 'Inglês');
    await page.getByText('Não há habilidades da BNCC de Inglês para o 2º ano.', { exact: false }).waitFor(WAIT);
    await page.getByLabel('Descrição da aula 1').fill('Colors song');
    expect(await page.getByRole('button', { name: 'Gerar Plano de Aula' }).isDisabled()).toBe(true);

    await choose('Turma', '51 - E.E.F. Mário Quintana');
    await choose('Matéria Geral', 'Matemática');
    const description = 'Bingo das frações equivalentes';
    await page.getByLabel('Descrição da aula 1').fill(description);
    // The skill the page suggests first for this description (the api's ranking). Until its debounced search answers,
    // the page still shows the list of the previous text ('Colors song' in Matemática), whose first skill is another.
    const search = new URLSearchParams({ ano: '5', materia: 'matematica', q: description, limit: String(LIMITS.skillSuggestions) });
    const [{ code }] = (await pageClient(page, stack.url).get<HabilidadeMatch[]>(`/api/habilidades?${search.toString()}`)).body;
    const suggestions = page.getByRole('list', { name: /^Habilidades sugeridas para a aula 1/ });
    const suggestion = suggestions.getByRole('listitem').first().getByRole('button', { name: new RegExp(`^${code} \\(fixar\\)`) });
    await suggestion.waitFor(WAIT);
    await suggestion.click();
    await page.getByRole('button', { name: `Desafixar ${code} da aula 1` }).waitFor();
    await page.getByText(`${code} fixada na aula 1.`, { exact: false }).waitFor();
    await expectAccessible(page, 'gerar planos com sugestões');

    // "Ver todas": the matrix, where a skill is pinned to this lesson with a toggle; then unpinned from its chip.
    const viewAll = page.getByRole('button', { name: 'Ver todas as habilidades para a aula 1' });
    await viewAll.click();
    const matriz = page.getByRole('dialog', { name: /^Matriz Curricular/ });
    await matriz.getByText(`Fixadas na aula 1: ${code}`).waitFor(WAIT);
    const other = matriz.getByRole('button', { name: /^Fixar EF05MA\d\d na aula 1$/, pressed: false }).first();
    const otherCode = ((await other.getAttribute('aria-label')) ?? '').split(' ')[1];
    await other.click();
    await matriz.getByText(`Fixadas na aula 1: ${code}, ${otherCode}`).waitFor();
    expect(await matriz.getByRole('button', { name: `Fixar ${otherCode} na aula 1` }).first().getAttribute('aria-pressed')).toBe('true');
    await expectAccessible(page, 'matriz para fixar habilidades');
    await closeWithEscape(page, matriz);
    await waitForFocus(page, viewAll);
    await page.getByRole('button', { name: `Desafixar ${otherCode} da aula 1` }).click();
    await page.getByRole('button', { name: `Desafixar ${otherCode} da aula 1` }).waitFor({ state: 'detached' });

    // Pins belong to the year and subject: another subject takes them off, saying so.
    await choose('Matéria Geral', 'Ciências');
    await waitForToast(page, 'Habilidades fixadas retiradas');
    await page.getByRole('button', { name: `Desafixar ${code} da aula 1` }).waitFor({ state: 'detached' });
    await choose('Matéria Geral', 'Matemática');
    // The suggestions come back for the subject (not the first button of a list still being replaced: the same skill).
    await page.getByRole('button', { name: new RegExp(`^${code} \\(fixar\\)`) }).first().click(WAIT);
    await page.getByRole('button', { name: `Desafixar ${code} da aula 1` }).waitFor(WAIT);
    await page.getByRole('button', { name: 'Gerar Plano de Aula' }).click();
    await page.getByRole('dialog', { name: 'Confirmar Geração do Plano' }).getByRole('button', { name: 'Confirmar e Gerar' }).click();
    await page.waitForURL(/\/plano\//, WAIT);
    const planId = page.url().split('/plano/')[1].split('?')[0];
    const saved = (await (await page.request.get(`${stack.url}/api/planos/${planId}`)).json()) as Plano;
    expect(saved.aulas[0].habilidadeCodes).toEqual([code]);
    expect(saved.aulas[0].habilidadesFixadas).toEqual([code]);
  }, 120000);

  it("shows a regeneration's new text growing in the lesson's card while the AI writes it, through a reload, then the stored lesson (phone width)", async () => {
    context = await newContext(browser, 'phone', stack.url);
    const page = await context.newPage();
    await registerViaUi(page, stack.url, { email: uniqueEmail('controle-stream'), password: 'segredo123', firstName: 'Elisa' });
    const plano = await planFor(page);
    const objetivos = Array.from({ length: 8 }, (_, i) => `${i + 1}. Medir um objeto da sala com a régua, anotar a medida em centímetros e comparar com a estimativa.`).join('\n');
    const experiencias = Array.from({ length: 6 }, (_, i) => `${i + 1}. Em duplas, medir e registrar na tabela da turma o comprimento de mais um objeto.`).join('\n');
    // About a model's pace (30 tokens a second): the answer takes some 20 s to arrive, so that on a loaded machine the
    // reload below (after an axe run) still lands mid-stream.
    stack.ai!.script({ match: 'escrita aos poucos', tokensPerSecond: 30, content: { titulo: 'Medidas da sala com régua', objetivos, experiencias } });

    await page.goto(`/plano/${plano.id}`);
    const again = lesson(page, 2).getByRole('button', { name: 'Gerar novamente', exact: true });
    await again.click();
    const dialog = page.getByRole('dialog', { name: 'Gerar novamente a Aula 2' });
    await dialog.getByLabel('O que você quer diferente? (opcional)').fill('escrita aos poucos, com régua');
    await dialog.getByRole('button', { name: 'Gerar novamente' }).click();
    await dialog.waitFor({ state: 'hidden' });

    const writing = lesson(page, 2).getByRole('region', { name: 'Nova versão da Aula 2 sendo escrita' });
    await writing.waitFor(WAIT);
    const first = ((await writing.textContent()) ?? '').length;
    await page.waitForTimeout(1500);
    const later = ((await writing.textContent()) ?? '').length;
    // More text in the card, the lesson still being written, its current text still there below.
    expect(later).toBeGreaterThan(first);
    await lesson(page, 2).getByRole('status').filter({ hasText: 'O novo texto aparece aqui enquanto é escrito' }).waitFor();
    expect(await lesson(page, 2).getByText(plano.aulas[1].objetivos!.split('\n')[0], { exact: false }).count()).toBeGreaterThan(0);
    await expectAccessible(page, 'aula sendo reescrita (celular)');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(1);

    // A reload mid-stream: the lesson is running, its text comes back with the next words, then the final text.
    await page.reload();
    await lesson(page, 2).getByRole('status').filter({ hasText: 'Gerando esta aula novamente' }).waitFor(WAIT);
    await writing.waitFor(WAIT);
    const stored = await waitFor(
      async () => {
        const p = (await (await page.request.get(`${stack.url}/api/planos/${plano.id}`)).json()) as Plano;
        return p.aulas[1].generation.state === 'done' && p.aulas[1].versao === 2 ? p.aulas[1] : null;
      },
      { timeoutMs: 70000, what: 'lesson 2 regenerated' },
    );
    expect(stored.objetivos).toBe(objetivos);
    await lesson(page, 2).getByRole('heading', { name: 'Aula 2 — Medidas da sala com régua' }).waitFor(WAIT);
    await writing.waitFor({ state: 'hidden' });
    await lesson(page, 2).getByText(objetivos.split('\n')[7], { exact: false }).waitFor();
    expect(await lesson(page, 2).getByRole('status').count()).toBe(0);
  }, 120000);

  it('works at phone width', async () => {
    context = await newContext(browser, 'phone', stack.url);
    const page = await context.newPage();
    await registerViaUi(page, stack.url, { email: uniqueEmail('controle-fone'), password: 'segredo123', firstName: 'Elisa' });
    const plano = await planFor(page);
    await page.goto(`/plano/${plano.id}`);
    await lesson(page, 1).getByRole('button', { name: 'Gerar novamente', exact: true }).waitFor(WAIT);
    await expectAccessible(page, 'plano com controles (celular)');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(1);

    // A lesson with pinned skills keeps them; one without can keep its current skill, which is then pinned.
    await lesson(page, 1).getByRole('button', { name: 'Gerar novamente', exact: true }).click();
    const pinnedDialog = page.getByRole('dialog', { name: 'Gerar novamente a Aula 1' });
    await pinnedDialog.getByText('Habilidades fixadas nesta aula, mantidas: EF05MA03.').waitFor();
    await pinnedDialog.getByRole('button', { name: 'Cancelar' }).click();
    const codes = plano.aulas[1].habilidadeCodes;
    await lesson(page, 2).getByRole('button', { name: 'Gerar novamente', exact: true }).click();
    const keepDialog = page.getByRole('dialog', { name: 'Gerar novamente a Aula 2' });
    const keep = keepDialog.getByRole('checkbox', { name: KEEP_SKILLS });
    expect(await keepDialog.getByText(KEEP_SKILLS).textContent()).toContain(`(${codes.join(', ')})`);
    await keep.check();
    await expectAccessible(page, 'dialogo gerar novamente mantendo a habilidade (celular)');
    await keepDialog.getByRole('button', { name: 'Gerar novamente' }).click();
    const kept = await waitFor(
      async () => {
        const p = (await (await page.request.get(`${stack.url}/api/planos/${plano.id}`)).json()) as Plano;
        return p.aulas[1].versao === 2 && p.aulas[1].generation.state === 'done' ? p.aulas[1] : null;
      },
      { timeoutMs: 30000, what: 'lesson 2 regenerated with its skill kept' },
    );
    expect(kept.habilidadeCodes).toEqual(codes);
    expect(kept.habilidadesFixadas).toEqual(codes);
  }, 90000);

  it("a failed plan's page says the credit came back and offers a new plan, with no free regeneration of its lessons", async () => {
    context = await newContext(browser, 'desktop', stack.url);
    const page = await context.newPage();
    await registerViaUi(page, stack.url, { email: uniqueEmail('controle-falha'), password: 'segredo123', firstName: 'Elisa' });
    stack.ai!.script({ match: 'Tudo falha', status: 500, times: 1000 });
    const failed = await planThroughApi(page, stack.url, [{ prompt: 'Tudo falha: frações' }], 'failed', 'Frações');
    const id = failed.id;

    await page.goto(`/plano/${id}`);
    await page.getByRole('heading', { name: 'Falha na geração do plano' }).waitFor(WAIT);
    await page.getByText('O crédito usado foi devolvido à sua conta.').waitFor();
    expect(await page.getByRole('link', { name: 'Gerar novamente' }).getAttribute('href')).toBe('/gerar-planos');
    expect(await page.getByRole('region', { name: /^Aula 1 — / }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /Gerar novamente/ }).count()).toBe(0);
    await expectAccessible(page, 'plano que falhou');
    const refused = await page.request.post(`${stack.url}/api/planos/${id}/aulas/${failed.aulas[0].id}/regenerar`, { data: {} });
    expect(refused.status()).toBe(409);
    expect(((await refused.json()) as { message: string }).message).toBe(MSG.planoFailedNoRegeneration);
  }, 90000);
});

describe('lesson control with the offline drafter (no AI)', () => {
  let stack: Stack;
  let browser: Browser;
  let context: BrowserContext;

  beforeAll(async () => {
    stack = await startStack({ ai: 'offline', env: { LOG_LEVEL: 'info' } });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await stack?.stop();
  });

  it('says no AI writes, and asks to confirm a skill the drafter was unsure of; Confirmar clears it', async () => {
    context = await newContext(browser, 'phone', stack.url);
    const page = await context.newPage();
    await registerViaUi(page, stack.url, { email: uniqueEmail('controle-offline'), password: 'segredo123', firstName: 'Elisa' });
    const plano = await planThroughApi(page, stack.url, [{ prompt: 'Receitas com frações' }, { prompt: 'Blorf qwerty xpto' }], 'done', 'Matemática');
    const id = plano.id;
    expect(plano.generator).toBe('offline');
    expect(plano.aulas[1].avisos).toEqual(['habilidade-a-confirmar']);

    await page.goto(`/plano/${id}`);
    await page.getByText('Este plano foi redigido no modo offline', { exact: false }).waitFor(WAIT);
    const unsure = lesson(page, 2).getByText('Confira a habilidade', { exact: false });
    await unsure.waitFor();
    expect(await lesson(page, 1).getByText('Confira a habilidade', { exact: false }).count()).toBe(0);
    await expectAccessible(page, 'plano offline com habilidade a confirmar');
    expect(await page.locator('body').innerText()).not.toMatch(/\bIA está|A IA escreve/);

    await lesson(page, 2).getByRole('button', { name: 'Confirmar', exact: true }).click();
    await waitForToast(page, 'Habilidade da Aula 2 salva.');
    await unsure.waitFor({ state: 'detached' });
    const saved = (await (await page.request.get(`${stack.url}/api/planos/${id}`)).json()) as Plano;
    expect(saved.aulas[1].avisos).toEqual([]);
    expect(saved.aulas[1].habilidadeCodes).toEqual(plano.aulas[1].habilidadeCodes);

    // The generate form says the plan is drafted without AI.
    await page.goto('/gerar-planos');
    await page.getByText('modo offline, sem IA', { exact: false }).first().waitFor(WAIT);
    expect(await page.locator('body').innerText()).not.toMatch(/\bIA está|A IA escreve/);
  }, 90000);
});
