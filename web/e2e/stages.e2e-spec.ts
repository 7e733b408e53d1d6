import { readFile } from 'node:fs/promises';
import type { BrowserContext, Page } from 'playwright-core';
import type { Aula, Plano } from '@planejador/contracts';
import { expectAccessible, newContext, pageClient, registerTeacher, uniqueEmail, VIEWPORTS } from '@planejador/testing';
import { chooseOption, docxText, fitsViewportWidth, lessonRegion, useStackAndBrowser, waitForToast } from './flows';

// Issue 27, "The whole BNCC", as two teachers with no AI key walk it: a pré-escola teacher (crianças pequenas) and an
// Ensino Médio teacher (1ª série) each create a class through the form, generate a plan from a campo de experiência or
// an área (offline drafter), read it on the plan page and download the .docx, which names the class's year as its
// stage does; in infantil the check is points to observe.

const TUTORIAL_KEY = 'planejador-didactic-planner-tutorial-completed';
const WAIT = { timeout: 60000 };

interface Walk {
  numero: string;
  escola: string;
  etapa: string;
  /** The year's field and option, as the form names them for the stage. */
  anoField: string;
  ano: string;
  materia: string;
  lesson: string;
  /** The lesson's check region on the plan page, and what the .docx calls it. */
  check: string;
}

async function createClassThroughForm(page: Page, walk: Walk): Promise<void> {
  await page.goto('/turmas');
  await page.getByRole('heading', { name: 'Gerenciar Turmas' }).waitFor();
  await page.getByRole('button', { name: /Nova Turma|Criar Primeira Turma/ }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Nova Turma' });
  await dialog.getByLabel('Nome do Professor').fill('Dora Lima');
  await chooseOption(page, dialog.getByRole('combobox', { name: 'Etapa' }), walk.etapa);
  await dialog.getByLabel('Número da Turma').fill(walk.numero);
  await chooseOption(page, dialog.getByRole('combobox', { name: walk.anoField }), walk.ano);
  await dialog.getByLabel('Escola').fill(walk.escola);
  await expectAccessible(page, `nova turma: ${walk.etapa}`);
  await dialog.getByRole('button', { name: 'Criar Turma' }).click();
  await waitForToast(page, 'Turma criada com sucesso!');
  await dialog.waitFor({ state: 'hidden' });
  const card = page.getByRole('heading', { name: `Turma ${walk.numero}` }).locator('xpath=ancestor::div[contains(@class,"rounded-xl")][1]');
  await card.getByText(walk.ano).waitFor();
}

/** Generates a one-lesson plan through the form and returns it once its page shows it. */
async function generateThroughForm(page: Page, walk: Walk): Promise<Plano> {
  await page.goto('/gerar-planos');
  await chooseOption(page, page.getByRole('combobox', { name: 'Turma' }), `${walk.numero} - ${walk.escola} (${walk.ano})`);
  await chooseOption(page, page.getByRole('combobox', { name: 'Matéria Geral' }), walk.materia);
  await page.getByLabel('Descrição da aula 1', { exact: true }).fill(walk.lesson);
  await expectAccessible(page, `gerar plano: ${walk.etapa}`);
  await page.getByRole('button', { name: 'Gerar Plano de Aula' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirmar Geração do Plano' });
  await confirm.getByRole('button', { name: 'Confirmar e Gerar' }).click();
  await page.waitForURL(/\/plano\/[0-9a-f-]{36}$/, WAIT);
  const id = page.url().split('/plano/')[1];
  await page.getByRole('heading', { name: 'Visualizar Plano', level: 1 }).waitFor(WAIT);
  let plano = (await pageClient(page).get<Plano>(`/api/planos/${id}`)).body;
  for (let i = 0; i < 60 && plano.generation.state !== 'done'; i += 1) {
    await page.waitForTimeout(500);
    plano = (await pageClient(page).get<Plano>(`/api/planos/${id}`)).body;
  }
  expect(plano.generation.state).toBe('done');
  return plano;
}

async function downloadDocx(page: Page): Promise<string> {
  const download = page.waitForEvent('download', WAIT);
  await page.getByRole('button', { name: /^Baixar Documento/ }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.docx$/);
  return docxText(await readFile((await file.path())!));
}

describe('the whole BNCC: classes of infantil and Ensino Médio, offline (no AI key)', () => {
  const session = useStackAndBrowser({}, 'offline');
  let context: BrowserContext;
  afterEach(async () => {
    await context?.close();
  });

  /** A new teacher creates the class through the form and generates its plan: the page, the plan and its lesson. */
  async function walkStage(walk: Walk): Promise<{ page: Page; aula: Aula }> {
    context = await newContext(session.browser, 'desktop', session.stack.url);
    const page = await context.newPage();
    await page.goto('/');
    await registerTeacher(pageClient(page), { email: uniqueEmail(walk.numero) });
    await page.evaluate((key) => localStorage.setItem(key, 'true'), TUTORIAL_KEY);
    await createClassThroughForm(page, walk);
    const plano = await generateThroughForm(page, walk);
    const check = lessonRegion(page, 1).getByRole('region', { name: walk.check });
    await check.getByText(plano.aulas[0].verificacao!.questoes[0].enunciado).waitFor(WAIT);
    await page.getByText(walk.ano).first().waitFor();
    return { page, aula: plano.aulas[0] };
  }

  /** The .docx names the year as the stage does; the phone width fits the plan page. */
  async function exportAndFit(page: Page, walk: Walk): Promise<string> {
    const text = await downloadDocx(page);
    expect(text).toContain(walk.ano);
    expect(text).toContain(walk.check);
    await page.setViewportSize(VIEWPORTS.phone);
    expect(await fitsViewportWidth(page)).toBe(true);
    return text;
  }

  it('a pré-escola teacher plans a proposta de experiências for crianças pequenas, checked by points to observe', async () => {
    const walk: Walk = {
      numero: 'P5',
      escola: 'EMEI Cecília Meireles',
      etapa: 'Educação Infantil',
      anoField: 'Grupo etário',
      ano: 'Creche/Pré-escola — crianças pequenas',
      materia: 'Corpo, gestos e movimentos',
      lesson: 'Circuito com cordas, bambolês e túnel no pátio',
      check: 'Pontos de observação',
    };
    const { page, aula } = await walkStage(walk);
    expect(aula.materia).toBe('corpo-gestos-movimentos');
    expect(aula.habilidadeCodes.every((code) => /^EI03CG\d{2}$/.test(code))).toBe(true);
    expect(aula.verificacao?.questoes.every((q) => q.tipo === 'aberta')).toBe(true);

    const region = lessonRegion(page, 1);
    await region.getByText(/Proposta de experiências no campo de experiência "Corpo, gestos e movimentos"/).waitFor(WAIT);
    expect(await region.getByRole('region', { name: walk.check }).getByText('O que observar:').count()).toBe(3);
    expect(await region.getByRole('region', { name: 'Verificação da aprendizagem' }).count()).toBe(0);
    await expectAccessible(page, 'plano da educação infantil');

    const text = await exportAndFit(page, walk);
    expect(text).toContain(`O que observar: ${aula.verificacao!.questoes[0].tipo === 'aberta' ? aula.verificacao!.questoes[0].respostaEsperada : ''}`);
    expect(text).not.toContain('Gabarito');
  }, 300_000);

  it('an Ensino Médio teacher plans from an área for the 1ª série, with questions and their Gabarito', async () => {
    const walk: Walk = {
      numero: '101',
      escola: 'E.E.E.M. Érico Veríssimo',
      etapa: 'Ensino Médio',
      anoField: 'Série',
      ano: '1ª série do Ensino Médio',
      materia: 'Ciências da Natureza',
      lesson: 'Fontes de energia renováveis e impactos ambientais',
      check: 'Verificação da aprendizagem',
    };
    const { page, aula } = await walkStage(walk);
    expect(aula.materia).toBe('ciencias-natureza');
    expect(aula.habilidadeCodes.every((code) => /^EM13CNT\d{3}$/.test(code))).toBe(true);
    await expectAccessible(page, 'plano do ensino médio');

    const text = await exportAndFit(page, walk);
    expect(text).toContain('Gabarito');
    expect(text).not.toContain('Pontos de observação');
  }, 300_000);
});
