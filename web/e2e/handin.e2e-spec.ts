import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Plano } from '@planejador/contracts';
import { createPlan, createTurma, expectAccessible, launchBrowser, newContext, pageClient, startStack, uniqueEmail, type Stack } from '@planejador/testing';
import type { Browser, BrowserContext } from 'playwright-core';
import { fitsViewportWidth, registerViaUi, waitForToast } from './flows';

/**
 * Issues 26 and 36, end to end (offline drafter, no AI key): the teacher confirms her school calendar in
 * Configurações, her two plans land in the 1st trimestre by it, she assesses the trimestre, leaves, finds the
 * assessment again from the class page, records its results, and downloads the period's documents (.docx and PDF):
 * plans with their dates, the assessment with its results, the coordenação's visto line, no app notice.
 */

const WAIT = { timeout: 60000 };

describe('the trimestre hand-in from the coverage page', () => {
  let stack: Stack;
  let browser: Browser;
  let context: BrowserContext;
  let dir: string;

  beforeAll(async () => {
    stack = await startStack({ ai: 'offline', env: { LOG_LEVEL: 'info' } });
    browser = await launchBrowser();
    dir = mkdtempSync(join(tmpdir(), 'planejador-handin-e2e-'));
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  afterEach(async () => {
    await context?.close();
  });

  it('confirms the calendar, assesses the trimestre, finds the assessment again, records results and downloads its .docx and PDF', async () => {
    context = await newContext(browser, 'desktop', stack.url);
    const page = await context.newPage();
    await registerViaUi(page, stack.url, { email: uniqueEmail('entrega'), password: 'segredo123', firstName: 'Elisa' });
    await page.evaluate(() => localStorage.setItem('planejador-didactic-planner-tutorial-completed', 'true'));
    const client = pageClient(page, stack.url);
    const turma = await createTurma(client, { nomeProfessor: 'Elisa Prado', numero: '51', escola: 'E.E.F. Mário Quintana', ano: '5', observacoesAdicionais: null });

    // No calendar of hers and none published for this year: the coverage page asks her to confirm the dates.
    await page.goto(`/turmas/${turma.id}/cobertura`);
    await page.getByRole('heading', { name: 'Cobertura da BNCC — Turma 51', level: 1 }).waitFor(WAIT);
    const confirm = page.getByRole('link', { name: 'Confirme as datas do calendário escolar em Configurações' });
    await confirm.waitFor(WAIT);
    await expectAccessible(page, 'cobertura com calendário provisório');
    await confirm.click();
    await page.waitForURL(/\/configuracoes$/, WAIT);
    const dates: [string, string][] = [
      ['2026-02-19', '2026-05-29'],
      ['2026-06-01', '2026-09-11'],
      ['2026-09-14', '2026-12-18'],
    ];
    for (const [i, [inicio, fim]] of dates.entries()) {
      await page.getByLabel(`Início do ${i + 1}º trimestre`).fill(inicio);
      await page.getByLabel(`Fim do ${i + 1}º trimestre`).fill(fim);
    }
    await page.getByRole('button', { name: 'Confirmar estas datas' }).click();
    await waitForToast(page, 'Calendário salvo');

    // Two plans with no trimestre chosen: her calendar puts both in the 1st.
    const lessons = (tema: string, codes: string[]) => codes.map((code, i) => ({ prompt: `${tema}: aula ${i + 1} com frações no dia a dia`, habilidadesFixadas: [code] }));
    const plans: Plano[] = [
      await createPlan(client, turma.id, lessons('Frações na cozinha', ['EF05MA03', 'EF05MA08']), { overrides: { temaPrincipal: 'Frações na cozinha', dataInicio: '2026-03-02' }, timeoutMs: 60000 }),
      await createPlan(client, turma.id, lessons('Medidas no mercado', ['EF05MA19']), { overrides: { temaPrincipal: 'Medidas no mercado', dataInicio: '2026-05-25' }, timeoutMs: 60000 }),
    ];
    expect(plans.map((p) => p.trimestre)).toEqual([1, 1]);

    // Assess the trimestre from the coverage page (the prompt is gone: her dates are confirmed).
    await page.goto(`/turmas/${turma.id}/cobertura?trimestre=1`);
    await page.getByRole('region', { name: 'Documentos do trimestre' }).waitFor(WAIT);
    expect(await confirm.count()).toBe(0);
    await page.getByRole('link', { name: 'Avaliar trimestre' }).click();
    await page.getByRole('heading', { name: 'Avaliar trimestre — Turma 51', level: 1 }).waitFor(WAIT);
    await page.getByRole('group', { name: 'Habilidades a avaliar (3)' }).waitFor(WAIT);
    await page.getByRole('button', { name: 'Gerar avaliação' }).click();
    await page.getByRole('heading', { name: 'Avaliação — Matemática — 1º trimestre', level: 1 }).waitFor(WAIT);
    await page.getByRole('region', { name: 'EF05MA19' }).waitFor(WAIT);

    // She leaves, and later finds the assessment again from the class page, then records how the class did.
    await page.goto('/');
    await page.goto(`/turmas/${turma.id}/cobertura`);
    const list = page.getByRole('list', { name: 'Avaliações da turma 51' });
    await list.getByRole('link', { name: 'Avaliação — Matemática — 1º trimestre' }).click();
    await page.getByRole('heading', { name: 'Avaliação — Matemática — 1º trimestre', level: 1 }).waitFor(WAIT);
    const results = page.getByRole('group', { name: 'Resultados de EF05MA19' });
    await results.waitFor(WAIT);
    await results.getByLabel('Não desenvolveu', { exact: true }).fill('1');
    await results.getByLabel('Em desenvolvimento', { exact: true }).fill('4');
    await results.getByLabel('Desenvolveu', { exact: true }).fill('12');
    await results.getByLabel('Desenvolveu plenamente', { exact: true }).fill('3');
    await page.getByRole('button', { name: 'Salvar resultados' }).click();
    await page.getByRole('status').filter({ hasText: 'Resultados salvos.' }).waitFor(WAIT);

    // The hand-in: the .docx, then the PDF by keyboard.
    await page.goto(`/turmas/${turma.id}/cobertura`);
    const documents = page.getByRole('region', { name: 'Documentos do trimestre' });
    await documents.waitFor(WAIT);
    await expectAccessible(page, 'cobertura com documentos do trimestre');
    const docxDownload = page.waitForEvent('download', WAIT);
    await documents.getByRole('button', { name: 'Baixar .docx do 1º trimestre' }).click();
    const docx = await docxDownload;
    expect(docx.suggestedFilename()).toBe('Documentos do trimestre - Turma 51 - 1º trimestre - 2026.docx');
    await docx.saveAs(join(dir, 'entrega.docx'));
    expect(readFileSync(join(dir, 'entrega.docx')).subarray(0, 2).toString()).toBe('PK');

    const pdfDownload = page.waitForEvent('download', WAIT);
    await documents.getByRole('button', { name: 'Baixar PDF do 1º trimestre' }).focus();
    await page.keyboard.press('Enter');
    await documents.getByRole('button', { name: 'Gerando PDF… do 1º trimestre' }).waitFor({ timeout: 5000 }).catch(() => undefined);
    const pdf = await pdfDownload;
    expect(pdf.suggestedFilename()).toBe('Documentos do trimestre - Turma 51 - 1º trimestre - 2026.pdf');
    const pdfFile = join(dir, 'entrega.pdf');
    await pdf.saveAs(pdfFile);
    expect(statSync(pdfFile).size).toBeLessThanOrEqual(4 * 1024 * 1024);
    const text = execFileSync('pdftotext', [pdfFile, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    for (const expected of ['Resumo do trimestre', 'de 02/03/2026', 'PLANO 1 — Frações na cozinha', 'PLANO 2 — Medidas no mercado', 'EF05MA19', 'Avaliações e resultados por habilidade', '15 (75%)', 'Gabarito — avaliação 1 (Matemática)', 'Visto da coordenação: ____________ Data: ___/___/_____']) {
      expect(text).toContain(expected);
    }
    // How a text was made is said on the pages, never in the document.
    expect(text).not.toMatch(/sem IA|Revise antes|revise e adapte/i);
    await documents.getByRole('button', { name: 'Baixar PDF do 1º trimestre' }).waitFor();

    // A trimestre without plans: the server's reason, under that trimestre.
    await documents.getByRole('button', { name: 'Baixar .docx do 3º trimestre' }).click();
    await documents.getByRole('alert').waitFor(WAIT);
    expect(await documents.getByRole('alert').textContent()).toBe('Esta turma ainda não tem planos concluídos no 3º trimestre.');
    await expectAccessible(page, 'documentos do trimestre com erro');

    // On a phone the page and the buttons fit.
    await page.setViewportSize({ width: 375, height: 740 });
    await documents.getByRole('button', { name: 'Baixar PDF do 3º trimestre' }).scrollIntoViewIfNeeded();
    expect(await fitsViewportWidth(page)).toBe(true);
  }, 300000);
});
