import type { Avaliacao, PublicUser } from '@planejador/contracts';
import { createPlan, createTurma, expectAccessible, launchBrowser, newContext, pageClient, startStack, uniqueEmail, type Stack } from '@planejador/testing';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { fitsViewportWidth, registerViaUi } from './flows';

/** Issues 26 and 36: from a class with two generated plans to the trimestre's assessment, reviewed, edited and exported, found again from the class page, its results recorded and shown per skill, then deleted (offline). */

const WAIT = { timeout: 60000 };

describe('assessment by skill', () => {
  let stack: Stack;
  let browser: Browser;
  let context: BrowserContext;

  beforeAll(async () => {
    stack = await startStack({ ai: 'offline', env: { LOG_LEVEL: 'info' } });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });
  afterEach(async () => {
    await context?.close();
  });

  /** A signed-in teacher with a 5º ano class and two plans of the 1st trimestre (generated offline). */
  async function classWithTwoPlans(page: Page, prefix: string): Promise<string> {
    await registerViaUi(page, stack.url, { email: uniqueEmail(prefix), password: 'segredo123', firstName: 'Elisa' });
    await page.evaluate(() => localStorage.setItem('planejador-didactic-planner-tutorial-completed', 'true'));
    const client = pageClient(page, stack.url);
    const turma = await createTurma(client, { nomeProfessor: 'Elisa Prado', numero: '51', escola: 'E.E.F. Mário Quintana', ano: '5', observacoesAdicionais: null });
    const lessons = (codes: string[]) => codes.map((code, i) => ({ prompt: `Aula ${i + 1}: frações no dia a dia`, habilidadesFixadas: [code] }));
    await createPlan(client, turma.id, lessons(['EF05MA03', 'EF05MA08']), { overrides: { trimestre: 1 }, timeoutMs: 60000 });
    await createPlan(client, turma.id, lessons(['EF05MA03']), { overrides: { trimestre: 1 }, timeoutMs: 60000 });
    return turma.id;
  }

  for (const viewport of ['desktop', 'phone'] as const) {
    it(`assesses the trimestre from the class page, shows, edits and exports it, finds it again, records results, sees the share and deletes it (${viewport})`, async () => {
      context = await newContext(browser, viewport, stack.url);
      const page = await context.newPage();
      const turmaId = await classWithTwoPlans(page, `avaliacao-${viewport}`);
      const credits = async () => ((await (await page.request.get(`${stack.url}/api/auth/user`)).json()) as PublicUser).credits;
      const before = await credits();

      await page.goto(`/turmas/${turmaId}/cobertura`);
      await page.getByRole('link', { name: 'Avaliar trimestre' }).click();
      await page.getByRole('heading', { name: 'Avaliar trimestre — Turma 51', level: 1 }).waitFor(WAIT);
      // The covered skills of the 1st trimestre come ticked; the cost is said before anything is charged.
      await page.getByRole('combobox', { name: 'Trimestre' }).filter({ hasText: '1º trimestre' }).waitFor();
      expect(await page.getByLabel('Matéria', { exact: true }).inputValue()).toBe('matematica');
      await page.getByRole('group', { name: 'Habilidades a avaliar (2)' }).waitFor();
      expect(await page.getByRole('checkbox', { name: /^EF05MA03 / }).isChecked()).toBe(true);
      expect(await page.getByRole('checkbox', { name: /^EF05MA08 / }).isChecked()).toBe(true);
      expect(await page.getByRole('checkbox', { name: /^EF05MA01 / }).isChecked()).toBe(false);
      await page.getByText(/Custo: 1 crédito/).waitFor();
      await page.getByLabel('Questões por habilidade', { exact: true }).selectOption('1');
      await expectAccessible(page, `avaliar trimestre (${viewport})`);
      if (viewport === 'phone') expect(await fitsViewportWidth(page)).toBe(true);
      await page.getByRole('button', { name: 'Gerar avaliação' }).click();

      await page.waitForURL(/\/avaliacoes\/[0-9a-f-]{36}$/, WAIT);
      const id = page.url().split('/avaliacoes/')[1];
      await page.getByRole('heading', { name: 'Avaliação — Matemática — 1º trimestre', level: 1 }).waitFor(WAIT);
      const first = page.getByRole('region', { name: 'EF05MA03' });
      await first.waitFor(WAIT);
      await page.getByRole('region', { name: 'EF05MA08' }).waitFor();
      // Honest about who wrote it.
      await page.getByText(/Avaliação montada sem IA: as questões vêm do banco de questões do Planejador para cada habilidade/).waitFor();
      // The skill's question from the bank (multiple choice or open, as written there), never a request to restate the skill.
      const question1 = first.getByLabel(/^Questão 1( \(aberta\))?$/);
      const enunciado = await question1.inputValue();
      expect(enunciado.length).toBeGreaterThan(10);
      expect(enunciado).not.toMatch(/Mostre, com um exemplo|o que você aprendeu|identificar e representar frações/i);
      for (const answer of await first.getByLabel('Resposta esperada (só para o professor)').all()) expect(await answer.inputValue()).not.toMatch(/^Resposta pessoal/);
      expect(await first.getByLabel('Desenvolveu plenamente', { exact: false }).count()).toBe(1);
      expect(await credits()).toBe(before - 1);
      await expectAccessible(page, `avaliação (${viewport})`);
      if (viewport === 'phone') expect(await fitsViewportWidth(page)).toBe(true);

      // Edit and save: the api keeps it.
      await question1.fill('Represente 3/4 numa reta numérica e explique.');
      await page.getByRole('button', { name: 'Salvar alterações' }).click();
      await page.getByText('Alterações salvas.').waitFor(WAIT);
      const saved = (await (await page.request.get(`${stack.url}/api/avaliacoes/${id}`)).json()) as Avaliacao;
      expect(saved.habilidades[0].questoes[0].enunciado).toBe('Represente 3/4 numa reta numérica e explique.');

      const download = page.waitForEvent('download', WAIT);
      await page.getByRole('button', { name: 'Exportar .docx' }).click();
      expect((await download).suggestedFilename()).toBe('Avaliação - Turma 51 - Matemática - 1º trimestre.docx');

      // Coverage now says the two skills were assessed.
      const cobertura = (await (await page.request.get(`${stack.url}/api/turmas/${turmaId}/cobertura`)).json()) as { materias: { materia: string; habilidades: { code: string; avaliada: boolean }[] }[] };
      const math = cobertura.materias.find((m) => m.materia === 'matematica')!.habilidades.filter((h) => h.avaliada).map((h) => h.code);
      expect(math).toEqual(['EF05MA03', 'EF05MA08']);

      // Found again from the class page: its list of assessments links to it.
      await page.goto(`/turmas/${turmaId}/cobertura`);
      const list = page.getByRole('list', { name: 'Avaliações da turma 51' });
      await list.waitFor(WAIT);
      const item = list.getByRole('listitem').filter({ hasText: 'Avaliação — Matemática — 1º trimestre' });
      await item.getByText('2 habilidades').waitFor();
      await item.getByText('Pronta').waitFor();
      await item.getByText(new Intl.DateTimeFormat('pt-BR', { day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date())).waitFor();
      await item.getByRole('link', { name: 'Avaliação — Matemática — 1º trimestre' }).click();
      await page.waitForURL(`**/avaliacoes/${id}`, WAIT);

      // Results by skill, counts only: 4 labelled numbers per skill, the total shown, saved with a message.
      const results = page.getByRole('group', { name: 'Resultados de EF05MA03' });
      await results.waitFor(WAIT);
      await results.getByLabel('Não desenvolveu', { exact: true }).fill('2');
      await results.getByLabel('Em desenvolvimento', { exact: true }).fill('5');
      await results.getByLabel('Desenvolveu', { exact: true }).fill('10');
      await results.getByLabel('Desenvolveu plenamente', { exact: true }).fill('3');
      await results.getByText('Total: 20 estudantes · 65% desenvolveu ou mais').waitFor();
      await page.getByRole('button', { name: 'Salvar resultados' }).click();
      await page.getByRole('status').filter({ hasText: 'Resultados salvos.' }).waitFor(WAIT);
      const withResults = (await (await page.request.get(`${stack.url}/api/avaliacoes/${id}`)).json()) as Avaliacao;
      expect(withResults.resultados).toEqual([{ code: 'EF05MA03', niveis: { naoDesenvolveu: 2, emDesenvolvimento: 5, desenvolveu: 10, desenvolveuPlenamente: 3 } }]);
      await expectAccessible(page, `avaliação com resultados (${viewport})`);
      if (viewport === 'phone') expect(await fitsViewportWidth(page)).toBe(true);

      // The class page shows the share per skill, and "já avaliada" opens the assessment.
      await page.getByRole('link', { name: 'Cobertura da turma' }).click();
      await page.getByRole('button', { name: /^Ver as \d+ habilidades de Matemática$/ }).click();
      const grid = page.getByRole('region', { name: 'Matemática' });
      const skill = grid.getByRole('listitem').filter({ hasText: 'EF05MA03' }).filter({ has: page.getByRole('link', { name: /já avaliada/ }) });
      await skill.getByText('65% desenvolveu ou mais (de 20 estudantes)').waitFor(WAIT);
      await expectAccessible(page, `turma com resultados (${viewport})`);
      if (viewport === 'phone') expect(await fitsViewportWidth(page)).toBe(true);
      await skill.getByRole('link', { name: 'já avaliada: abrir a avaliação de EF05MA03' }).click();
      await page.waitForURL(`**/avaliacoes/${id}`, WAIT);

      // Delete: asked first, then back to the class page, where neither the list nor coverage holds it.
      await page.getByRole('button', { name: 'Excluir avaliação' }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Excluir avaliação?' });
      await dialog.getByRole('button', { name: 'Excluir' }).click();
      await page.waitForURL(`**/turmas/${turmaId}/cobertura`, WAIT);
      await page.getByText('Nenhuma avaliação desta turma ainda.', { exact: false }).waitFor(WAIT);
      expect((await page.request.get(`${stack.url}/api/avaliacoes/${id}`)).status()).toBe(404);
      const after = (await (await page.request.get(`${stack.url}/api/turmas/${turmaId}/cobertura`)).json()) as { materias: { materia: string; habilidades: { avaliada: boolean }[] }[] };
      expect(after.materias.find((m) => m.materia === 'matematica')!.habilidades.some((h) => h.avaliada)).toBe(false);
    }, 300000);
  }
});

/** Issue 36: with an AI, each skill's questions show on the assessment's page as they are written (phone width). */
describe('assessment written with an AI, streamed to its page', () => {
  let stack: Stack;
  let browser: Browser;
  let context: BrowserContext;

  beforeAll(async () => {
    // The profile of generation.e2e-spec.ts (the same shared stack).
    stack = await startStack({ ai: 'fake', aiLatencyMs: 100, env: { LOG_LEVEL: 'info' } });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    stack?.ai?.reset();
    await browser?.close();
    await stack?.stop();
  });
  afterEach(async () => {
    await context?.close();
  });

  const answer = {
    questoes: [
      { tipo: 'multipla', enunciado: 'Qual fração representa a parte pintada de uma pizza cortada em 4 com 1 pedaço pintado?', alternativas: ['1/4', '1/2', '3/4', '4/1'], correta: 0, respostaEsperada: '1 de 4 partes iguais.' },
    ],
    rubrica: { naoDesenvolveu: 'Não reconhece frações.', emDesenvolvimento: 'Reconhece frações com apoio.', desenvolveu: 'Representa frações sozinho.', desenvolveuPlenamente: 'Representa e explica frações na reta numérica.' },
  };

  it('shows each skill growing side by side while the status alone is announced, then the editable assessment (phone)', async () => {
    context = await newContext(browser, 'phone', stack.url);
    const page = await context.newPage();
    await registerViaUi(page, stack.url, { email: uniqueEmail('avaliacao-stream'), password: 'segredo123', firstName: 'Elisa' });
    await page.evaluate(() => localStorage.setItem('planejador-didactic-planner-tutorial-completed', 'true'));
    const client = pageClient(page, stack.url);
    const turma = await createTurma(client, { nomeProfessor: 'Elisa Prado', numero: '52', escola: 'E.E.F. Mário Quintana', ano: '5', observacoesAdicionais: null });
    // Slow enough to look at mid-way (about 10 s a skill), both skills at once.
    stack.ai!.script({ match: 'para avaliar a habilidade', times: 2, content: answer, tokensPerSecond: 20 });
    const res = await page.request.post(`${stack.url}/api/turmas/${turma.id}/avaliacoes`, { data: { trimestre: 1, materia: 'matematica', habilidades: ['EF05MA03', 'EF05MA08'], questoesPorHabilidade: 1 } });
    expect(res.status()).toBe(202);
    const { id } = (await res.json()) as { id: string };

    await page.goto(`/avaliacoes/${id}`);
    await page.getByRole('heading', { name: 'Avaliação — Matemática — 1º trimestre', level: 1 }).waitFor(WAIT);
    await page.getByText(/Escrevendo a avaliação: 0 de 2 habilidades prontas/).waitFor(WAIT);
    for (const code of ['EF05MA03', 'EF05MA08']) {
      const skill = page.getByRole('region', { name: code });
      // Readable words of the first question as they arrive, never the JSON around them.
      await skill.getByText(/^Qual fração/).waitFor(WAIT);
      expect(await skill.getAttribute('aria-busy')).toBe('true');
      expect(await skill.textContent()).not.toMatch(/[{"]/);
    }
    // Both skills were asked at once.
    const calls = stack.ai!.calls.filter((c) => c.text.includes('para avaliar a habilidade'));
    expect(calls).toHaveLength(2);
    expect(calls.every((c) => c.finishedAt === undefined)).toBe(true);
    await expectAccessible(page, 'avaliação sendo escrita (phone)');
    expect(await fitsViewportWidth(page)).toBe(true);

    // Once written: the editable questions, with the whole text.
    const first = page.getByRole('region', { name: 'EF05MA03' });
    await first.getByLabel('Questão 1', { exact: true }).waitFor(WAIT);
    expect(await first.getByLabel('Questão 1', { exact: true }).inputValue()).toBe(answer.questoes[0].enunciado);
    expect(await fitsViewportWidth(page)).toBe(true);
  }, 120000);
});
