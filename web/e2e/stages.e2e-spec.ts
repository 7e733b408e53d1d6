import { readFile } from 'node:fs/promises';
import type { BrowserContext, Page } from 'playwright-core';
import { BNCC_CODE_SOURCE, periodoLabel, type Aula, type Plano } from '@planejador/contracts';
import { expectAccessible, newContext, pageClient, registerTeacher, uniqueEmail, VIEWPORTS } from '@planejador/testing';
import { chooseOption, docxText, fitsViewportWidth, lessonRegion, useStackAndBrowser, waitForToast } from './flows';

// Issue 27, "The whole BNCC", as two teachers with no AI key walk it: a pré-escola teacher (crianças pequenas) and an
// Ensino Médio teacher (1ª série) each create a class through the form, generate a plan from a campo de experiência or
// an área (offline drafter), read it on the plan page and download the .docx, which names the class's year as its
// stage does; in infantil the check is points to observe.
// Issue 38, "Every stage in its own words": the pré-escola teacher's plan mixes two campos, and her class's pages
// (form, plan, class cards, history, coverage) and documents (plan .docx, hand-in) hold none of the EF words the
// contract lists; the médio teacher's say "Área do conhecimento" and "Série".

const TUTORIAL_KEY = 'planejador-didactic-planner-tutorial-completed';
const WAIT = { timeout: 60000 };

interface Walk {
  numero: string;
  escola: string;
  etapa: string;
  /** The year's field and option, as the form names them for the stage. */
  anoField: string;
  ano: string;
  /** The plan form's general-subject field, as the stage names it, and the subject chosen. */
  materiaField: string;
  materia: string;
  lesson: string;
  /** A second lesson in another subject of the stage (a plan that mixes them), by its label. */
  second?: { lesson: string; materia: string };
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
  await chooseOption(page, page.getByRole('combobox', { name: walk.materiaField }), walk.materia);
  await page.getByLabel('Descrição da aula 1', { exact: true }).fill(walk.lesson);
  if (walk.second) {
    await page.getByRole('button', { name: 'Adicionar Aula' }).click();
    await page.getByLabel('Descrição da aula 2', { exact: true }).fill(walk.second.lesson);
    const noun = walk.materiaField.replace(/ (principal|geral)$/, '');
    await chooseOption(page, page.getByRole('combobox', { name: `${noun} da aula 2` }), walk.second.materia);
  }
  await expectAccessible(page, `gerar plano: ${walk.etapa}`);
  if (walk.etapa === 'Educação Infantil') expect(efWordsIn(await mainText(page))).toEqual([]);
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

/**
 * The Ensino Fundamental words the contract keeps from an infantil class (decisions.md, "Every stage in its own
 * words"): Matéria, Componente curricular, Habilidades, Objetos de Conhecimento, Ano, Verificação, Questões, Gabarito.
 * "Ano" as a label or an EF year ("5º ano"); the school year's "Ano inteiro" or "ano letivo" is no class's year.
 */
const EF_WORDS = [
  /mat[ée]rias?\b/i,
  /componentes? curricular/i,
  /habilidades?\b/i,
  /objetos? de conhecimento/i,
  /verifica[çc][ãa]o/i,
  /quest[õo]es\b/i,
  /gabarito/i,
  /\dº ano\b/,
  /^Ano:?$/m,
];

/** A BNCC objective's official text, after its code (EI03CG05's own words speak of "habilidades manuais"). */
const OFFICIAL_TEXT = new RegExp(`^\\(?${BNCC_CODE_SOURCE}\\)?\\s`);

/**
 * The lines of a text holding any of the EF words (empty: none). With `plano`, the lines the lessons' own texts fill
 * (what the drafter or the AI wrote, libs/ai's part) are left to their writer: this walk asserts the pages' and the
 * documents' own words, its labels, headings and sentences.
 */
function efWordsIn(text: string, plano?: Plano): string[] {
  const written = plano ? lessonTextLines(plano) : [];
  return text
    .split('\n')
    .filter((line) => EF_WORDS.some((word) => word.test(line)))
    .filter((line) => !written.some((own) => line.includes(own)) && !OFFICIAL_TEXT.test(line));
}

/** Every line of the lessons' texts (their five fields and points to observe), long enough to be told apart. */
function lessonTextLines(plano: Plano): string[] {
  return plano.aulas
    .flatMap((a) => [a.habilidades, a.objetivos, a.objetosConhecimento, a.experiencias, a.evidencias, ...(a.verificacao?.questoes ?? []).flatMap((q) => [q.enunciado, q.tipo === 'aberta' ? q.respostaEsperada : ''])])
    .flatMap((text) => (text ?? '').split('\n'))
    .map((line) => line.trim())
    .filter((line) => line.length >= 12);
}

/** What the page's main region reads. */
async function mainText(page: Page): Promise<string> {
  return page.locator('main').innerText();
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
  async function walkStage(walk: Walk): Promise<{ page: Page; aula: Aula; plano: Plano }> {
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
    return { page, aula: plano.aulas.find((a) => a.numeroAula === 1)!, plano };
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
      materiaField: 'Campo de experiência principal',
      materia: 'Corpo, gestos e movimentos',
      lesson: 'Circuito com cordas, bambolês e túnel no pátio',
      second: { lesson: 'Roda de conversa sobre como cuidar dos colegas e dividir os brinquedos', materia: 'O eu, o outro e o nós' },
      check: 'Pontos de observação',
    };
    const { page, aula, plano } = await walkStage(walk);
    expect(aula.materia).toBe('corpo-gestos-movimentos');
    expect(aula.habilidadeCodes.every((code) => /^EI03CG\d{2}$/.test(code))).toBe(true);
    expect(aula.verificacao?.questoes.every((q) => q.tipo === 'aberta')).toBe(true);

    const region = lessonRegion(page, 1);
    await region.getByText(/Proposta de experiências no campo de experiência "Corpo, gestos e movimentos"/).waitFor(WAIT);
    expect(await region.getByRole('region', { name: walk.check }).getByText('O que observar:').count()).toBe(3);
    expect(await region.getByRole('region', { name: 'Verificação da aprendizagem' }).count()).toBe(0);
    // The plan mixes two campos: each lesson's heading names its own, and the page names both.
    expect(plano.aulas.map((a) => a.materia).sort()).toEqual(['corpo-gestos-movimentos', 'eu-outro-nos']);
    await page.getByRole('heading', { name: /^Aula 1 · Corpo, gestos e movimentos — / }).waitFor();
    await page.getByRole('heading', { name: /^Aula 2 · O eu, o outro e o nós — / }).waitFor();
    await page.getByText('Corpo, gestos e movimentos, O eu, o outro e o nós').waitFor();
    await region.getByRole('heading', { name: 'Objetivos de aprendizagem e desenvolvimento' }).waitFor();
    await region.getByRole('heading', { name: 'Saberes e conhecimentos' }).waitFor();
    expect(efWordsIn(await mainText(page), plano)).toEqual([]);
    await expectAccessible(page, 'plano da educação infantil');

    const text = await exportAndFit(page, walk);
    expect(text).toContain(`O que observar: ${aula.verificacao!.questoes[0].tipo === 'aberta' ? aula.verificacao!.questoes[0].respostaEsperada : ''}`);
    expect(text).not.toContain('Gabarito');
    for (const line of ['Grupo etário', 'Campos de experiência', 'Corpo, gestos e movimentos, O eu, o outro e o nós', 'Objetivos de aprendizagem e desenvolvimento', 'Saberes e conhecimentos']) {
      expect(text.split('\n')).toContain(line);
    }
    expect(text).toMatch(/^Aula 2 · O eu, o outro e o nós — /m);
    expect(efWordsIn(text, plano)).toEqual([]);

    // At phone width, the class's other pages: its card, the history and its coverage, in the stage's words.
    await page.goto('/turmas');
    await page.getByRole('heading', { name: `Turma ${walk.numero}` }).waitFor();
    await page.getByText('Grupo etário:').waitFor();
    expect(efWordsIn(await mainText(page))).toEqual([]);
    expect(await fitsViewportWidth(page)).toBe(true);

    await page.goto('/historico');
    // At phone width the history lists cards (the table is hidden).
    await page.getByText(plano.temaPrincipal).filter({ visible: true }).first().waitFor(WAIT);
    expect(efWordsIn(await mainText(page))).toEqual([]);

    await page.goto(`/turmas/${plano.turmaId}/cobertura`);
    const documents = page.getByRole('region', { name: /^Documentos do / });
    await documents.waitFor(WAIT);
    await page.getByRole('heading', { name: 'Corpo, gestos e movimentos', level: 2 }).waitFor(WAIT);
    await page.getByText(/Um objetivo está coberto quando/).waitFor();
    expect(efWordsIn(await mainText(page), plano)).toEqual([]);
    await expectAccessible(page, 'cobertura da educação infantil');
    expect(await fitsViewportWidth(page)).toBe(true);

    // The hand-in of the plan's period: the registro por campo de experiência, with each objective's points to observe.
    const download = page.waitForEvent('download', WAIT);
    await documents.getByRole('button', { name: `Baixar .docx do ${periodoLabel(plano.periodo, plano.periodoTipo)}` }).click();
    const handin = await docxText(await readFile((await (await download).path())!));
    const registro = handin.slice(handin.indexOf('Registro por campo de experiência'));
    expect(registro.length).toBeLessThan(handin.length);
    for (const code of plano.aulas.flatMap((a) => a.habilidadeCodes)) expect(registro).toContain(code);
    expect(registro).toContain('O eu, o outro e o nós');
    expect(registro).toContain('O que observar:');
    expect(efWordsIn(handin, plano)).toEqual([]);
  }, 300_000);

  it('an Ensino Médio teacher plans from an área for the 1ª série, with questions and their Gabarito', async () => {
    const walk: Walk = {
      numero: '101',
      escola: 'E.E.E.M. Érico Veríssimo',
      etapa: 'Ensino Médio',
      anoField: 'Série',
      ano: '1ª série do Ensino Médio',
      materiaField: 'Área do conhecimento geral',
      materia: 'Ciências da Natureza',
      lesson: 'Fontes de energia renováveis e impactos ambientais',
      check: 'Verificação da aprendizagem',
    };
    const { page, aula } = await walkStage(walk);
    expect(aula.materia).toBe('ciencias-natureza');
    expect(aula.habilidadeCodes.every((code) => /^EM13CNT\d{3}$/.test(code))).toBe(true);
    await expectAccessible(page, 'plano do ensino médio');

    // Its words: "Série", "Área do conhecimento", "Conteúdos"; never the EF "Ano" nor "Componente curricular".
    await page.getByText('Área do conhecimento', { exact: true }).waitFor();
    await page.getByText('Série', { exact: true }).waitFor();
    await lessonRegion(page, 1).getByRole('heading', { name: 'Conteúdos' }).waitFor();
    const text = await exportAndFit(page, walk);
    expect(text).toContain('Gabarito');
    expect(text).not.toContain('Pontos de observação');
    const lines = text.split('\n');
    for (const line of ['Série', 'Área do conhecimento', 'Conteúdos']) expect(lines).toContain(line);
    for (const line of ['Ano', 'Componente curricular', 'Objetos de Conhecimento']) expect(lines).not.toContain(line);

    await page.goto('/turmas');
    await page.getByText('Série:').waitFor();
    expect(efWordsIn(await mainText(page)).filter((line) => /^Ano:?$/.test(line))).toEqual([]);
  }, 300_000);
});
