import { MSG, type Aula, type Plano, type UpdatePlanoInput, type Verificacao } from '@planejador/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { applyLessonStreamEvent } from '@/lib/lesson-stream';
import { aula, plano } from '@/test/plan-fixtures';
import { answerFetch, renderWithClient, type FetchAnswer } from '@/test/render';
import { PlanRoute } from './plan-route';

const verificacao: Verificacao = {
  questoes: [
    { tipo: 'multipla', enunciado: 'Quanto é metade de 8?', alternativas: ['2', '4', '6', '8'], correta: 1, habilidade: 'EF05MA03' },
    { tipo: 'multipla', enunciado: 'Qual fração é maior?', alternativas: ['1/2', '1/3', '1/4', '1/5'], correta: 0, habilidade: 'EF05MA03' },
    { tipo: 'aberta', enunciado: 'Explique o que é um terço.', respostaEsperada: 'Uma de três partes iguais.', habilidade: 'EF05MA03' },
  ],
};
const first: Aula = { ...aula(1, 1, 'Objetivo 1'), titulo: 'Frações na receita', verificacao };
const start = plano([first, aula(2, 1, 'Objetivo 2')]);

type Call = { method: string; url: string; body: unknown };

// The page's socket is not opened here: the tests hand the lesson events to the page's stream store themselves.
jest.mock('@/lib/plan-progress-socket', () => ({ listenToPlanProgress: () => () => undefined }));

/** The plan page at /plano/{id}, the api answering by `answer` (the plan's GET and who writes by default). */
function renderPage(p: Plano, answer: (call: Call) => FetchAnswer | undefined = () => undefined, generator: 'openai' | 'offline' = 'openai') {
  const calls = answerFetch((call) => {
    const given = answer(call);
    if (given) return given;
    if (call.url === '/api/geracao') return { status: 200, body: { generator } };
    if (call.url === `/api/planos/${p.id}`) return { status: 200, body: p };
    return { status: 200, body: [] };
  });
  const router = createMemoryRouter([{ path: '/plano/:id', element: <PlanRoute /> }], { initialEntries: [`/plano/${p.id}`] });
  renderWithClient(<RouterProvider router={router} />);
  return calls;
}

const lesson = (n: number) => screen.getByRole('region', { name: new RegExp(`^Aula ${n} — `) });
const puts = (calls: Call[]) => calls.filter((c) => c.method === 'PUT').map((c) => c.body as UpdatePlanoInput);

describe("a lesson's title and check of learning on the plan page", () => {
  beforeEach(() => localStorage.clear());

  it('shows the title in the heading and the questions numbered, the right alternative marked and the expected answer', async () => {
    renderPage(start);
    await screen.findByRole('heading', { name: 'Aula 1 — Frações na receita' });
    const check = within(lesson(1)).getByRole('region', { name: 'Verificação da aprendizagem' });
    within(check).getByText('Quanto é metade de 8?');
    const alternatives = within(check).getByRole('list', { name: 'Alternativas da questão 1' });
    expect(within(alternatives).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['A)2', 'B)4(correta)', 'C)6', 'D)8']);
    within(check).getByText('Uma de três partes iguais.');
    within(within(lesson(2)).getByRole('region', { name: 'Verificação da aprendizagem' })).getByText('Nenhuma verificação definida');
  });

  it('edits the questions with the api\'s messages beside them, and saves them with the lesson\'s version', async () => {
    const calls = renderPage(start, (call) => (call.method === 'PUT' ? { status: 200, body: start } : undefined));
    fireEvent.click(await screen.findByRole('button', { name: 'Editar' }));
    const card = lesson(1);

    // Two equal alternatives: said under the question, and the save is not sent.
    fireEvent.change(within(card).getByLabelText('Alternativa B da questão 1'), { target: { value: ' 2 ' } });
    within(card).getByText(MSG.questaoAlternativasDistintas(1));
    fireEvent.click(screen.getByRole('button', { name: 'Salvar Mudanças' }));
    await screen.findByText(`Aula 1: ${MSG.questaoAlternativasDistintas(1)}`);
    expect(puts(calls)).toEqual([]);

    // A title too short, said under the field.
    fireEvent.change(within(card).getByLabelText('Título da Aula 1'), { target: { value: 'Fr' } });
    within(card).getByText(MSG.tituloAulaLength);
    fireEvent.change(within(card).getByLabelText('Título da Aula 1'), { target: { value: 'Frações em receitas' } });

    fireEvent.change(within(card).getByLabelText('Alternativa B da questão 1'), { target: { value: '4' } });
    expect(within(card).queryByText(MSG.questaoAlternativasDistintas(1))).toBeNull();
    fireEvent.click(within(card).getByLabelText('Alternativa C é a correta na questão 1'));
    // 3 questions: none can be removed; a fourth is added, open, and must be written.
    expect((within(card).getByRole('button', { name: 'Remover questão 1' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(card).getByRole('button', { name: 'Adicionar questão' }));
    within(card).getByText(MSG.questaoEnunciadoRequired);
    fireEvent.change(within(card).getByLabelText('Enunciado da questão 4'), { target: { value: 'Dê um exemplo de fração.' } });
    fireEvent.change(within(card).getByLabelText('Resposta esperada da questão 4'), { target: { value: '3/4 de uma pizza.' } });
    fireEvent.change(within(card).getByLabelText('Tipo da questão 3'), { target: { value: 'multipla' } });
    within(card).getByText(MSG.questaoAlternativasDistintas(3));
    fireEvent.change(within(card).getByLabelText('Tipo da questão 3'), { target: { value: 'aberta' } });

    fireEvent.click(screen.getByRole('button', { name: 'Salvar Mudanças' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    const [sent] = puts(calls)[0].aulas!;
    expect(sent).toMatchObject({ id: first.id, versao: 1, titulo: 'Frações em receitas' });
    expect(sent.verificacao!.questoes).toEqual([
      { ...verificacao.questoes[0], correta: 2 },
      verificacao.questoes[1],
      verificacao.questoes[2],
      { tipo: 'aberta', enunciado: 'Dê um exemplo de fração.', respostaEsperada: '3/4 de uma pizza.', habilidade: 'EF05MA03' },
    ]);
    expect(puts(calls)[0].aulas).toHaveLength(1);
  });
});

describe('a lesson whose fields still cite the old skill', () => {
  beforeEach(() => localStorage.clear());
  const moved: Plano = plano([{ ...first, habilidadeCodes: ['EF05MA08'], avisos: ['campos-com-habilidade-antiga'] }, aula(2, 1, 'Objetivo 2')]);

  it('"Reescrever a aula para a nova habilidade" asks for the whole lesson again with its current codes pinned, saying what it costs', async () => {
    const calls = renderPage(moved, (call) => (call.url.endsWith('/regenerar') ? { status: 202, body: { jobId: 'j1' } } : undefined));
    const alert = await screen.findByRole('alert');
    within(alert).getByText('A habilidade desta aula mudou, mas outros campos ainda citam a habilidade antiga.');
    fireEvent.click(within(alert).getByRole('button', { name: 'Reescrever a aula para a nova habilidade' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reescrever a Aula 1 para a nova habilidade' });
    within(dialog).getByText(/Restam 3 gerações gratuitas para esta aula\./);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Gerar novamente' }));
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/regenerar'))).toBe(true));
    const request = calls.find((c) => c.url.endsWith('/regenerar'))!;
    expect(request.url).toBe(`/api/planos/${moved.id}/aulas/${first.id}/regenerar`);
    expect(request.body).toEqual({ habilidadesFixadas: ['EF05MA08'] });
  });

  it('offline, the dialog says the wish becomes a note and costs nothing, and shows the note the api answers', async () => {
    const nota = 'Pedido registrado como nota: mais prática.';
    const calls = renderPage(moved, (call) => (call.url.endsWith('/regenerar') ? { status: 202, body: { jobId: 'j1', nota } } : undefined), 'offline');
    fireEvent.click(await screen.findByRole('button', { name: 'Reescrever a aula para a nova habilidade' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText(/o que você pedir abaixo fica registrado como nota para você/);
    within(dialog).getByText(/Sem IA configurada, gerar novamente não custa nada\./);
    expect(within(dialog).queryByText(/gerações gratuitas/)).toBeNull();
    fireEvent.change(within(dialog).getByLabelText('O que você quer diferente? (opcional)'), { target: { value: 'mais prática' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Gerar novamente' }));
    await screen.findByText(nota);
    expect(calls.find((c) => c.url.endsWith('/regenerar'))!.body).toEqual({ instrucao: 'mais prática', habilidadesFixadas: ['EF05MA08'] });
  });
});

describe('a lesson regenerated with an AI on the plan page (streaming)', () => {
  beforeEach(() => localStorage.clear());

  it("shows the new text growing in the lesson's card, apart from its live status, until the stored lesson replaces it", async () => {
    const running: Aula = { ...aula(2, 1, 'Objetivo 2'), generation: { state: 'running', error: null } };
    renderPage(plano([first, running]));
    const card = await waitFor(() => lesson(2));
    const status = await within(card).findByRole('status');
    await waitFor(() => expect(status.textContent).toContain('O novo texto aparece aqui enquanto é escrito'));
    // Before the first words, only the status.
    expect(within(card).queryByRole('region', { name: 'Nova versão da Aula 2 sendo escrita' })).toBeNull();

    const event = { aulaId: running.id, type: 'delta' as const };
    act(() => applyLessonStreamEvent({ ...event, campos: { titulo: 'Frações na cozinha', objetivos: 'Comparar fra' } }));
    const region = within(card).getByRole('region', { name: 'Nova versão da Aula 2 sendo escrita' });
    expect(region.getAttribute('aria-busy')).toBe('true');
    expect(region.textContent).toContain('Frações na cozinha');
    expect(region.textContent).toContain('Comparar fra');
    act(() => applyLessonStreamEvent({ ...event, campos: { titulo: 'Frações na cozinha', objetivos: 'Comparar frações em receitas', experiencias: '1. Ler a receita' } }));
    expect(region.textContent).toContain('Comparar frações em receitas');
    expect(region.textContent).toContain('1. Ler a receita');
    // Not read aloud word by word: the growing text is in no live region. The stored text stays until the end.
    expect(region.closest('[aria-live]')).toBeNull();
    within(card).getByText('Objetivo 2');

    act(() => applyLessonStreamEvent({ aulaId: running.id, type: 'done' }));
    expect(within(card).queryByRole('region', { name: 'Nova versão da Aula 2 sendo escrita' })).toBeNull();
  });

  it('offline (no AI), the status promises no text as it is written', async () => {
    const running: Aula = { ...aula(2, 1, 'Objetivo 2'), generation: { state: 'running', error: null } };
    renderPage(plano([first, running]), undefined, 'offline');
    await screen.findByRole('heading', { name: /^Aula 2 — / });
    const status = await within(lesson(2)).findByRole('status');
    expect(status.textContent).toBe('Gerando esta aula novamente...');
  });
});

describe('accessibility (DUA) on the plan page (issue 28)', () => {
  beforeEach(() => localStorage.clear());
  const dua = { representacao: ['Leitura: Ler em voz alta.'], acaoExpressao: ['Leitura: Responder por desenho.'], engajamento: ['Leitura: Desafio em dupla.'] };
  const withDua: Plano = { ...plano([{ ...first, dua }, aula(2, 1, 'Objetivo 2')]), turma: { ...start.turma, barreiras: ['leitura', 'visao'] } };

  it('shows the three principles, edits them (an empty principle is said and not sent) and saves them', async () => {
    const calls = renderPage(withDua, (call) => (call.method === 'PUT' ? { status: 200, body: withDua } : undefined));
    const section = await within(await waitFor(() => lesson(1))).findByRole('region', { name: 'Acessibilidade (DUA)' });
    within(section).getByText('Representação');
    within(section).getByText('Leitura: Responder por desenho.');
    fireEvent.click(screen.getByRole('button', { name: 'Editar' }));
    const engajamento = within(lesson(1)).getByLabelText('Engajamento (Aula 1)');
    fireEvent.change(engajamento, { target: { value: '  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar Mudanças' }));
    await screen.findByText(`Aula 1: ${MSG.duaPrincipioVazio('Engajamento')}`);
    expect(puts(calls)).toEqual([]);
    fireEvent.change(engajamento, { target: { value: 'Leitura: Desafio em dupla.\n\nVisão: Material ampliado.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar Mudanças' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(puts(calls)[0].aulas![0].dua).toEqual({ ...dua, engajamento: ['Leitura: Desafio em dupla.', 'Visão: Material ampliado.'] });
  });

  it('"Adaptar atividade" offers the class\'s barreiras first and sends the chosen one with the wish', async () => {
    const calls = renderPage(withDua, (call) => (call.url.endsWith('/adaptar') ? { status: 202, body: { jobId: 'j1' } } : undefined));
    fireEvent.click(await within(await waitFor(() => lesson(1))).findByRole('button', { name: 'Adaptar atividade' }));
    const dialog = await screen.findByRole('dialog', { name: 'Adaptar atividade da Aula 1' });
    const select = within(dialog).getByLabelText('Barreira') as HTMLSelectElement;
    expect(select.value).toBe('leitura');
    expect(within(within(dialog).getByRole('group', { name: 'Barreiras da turma' })).getAllByRole('option').map((o) => o.textContent)).toEqual(['Leitura', 'Visão']);
    fireEvent.change(select, { target: { value: 'audicao-libras' } });
    fireEvent.change(within(dialog).getByLabelText('Algum pedido? (opcional)'), { target: { value: 'com imagens' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Adaptar' }));
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/adaptar'))).toBe(true));
    const request = calls.find((c) => c.url.endsWith('/adaptar'))!;
    expect(request.url).toBe(`/api/planos/${withDua.id}/aulas/${first.id}/adaptar`);
    expect(request.body).toEqual({ barreira: 'audicao-libras', instrucao: 'com imagens' });
  });
});

describe('lesson text caps and notes on the plan page (issue 34)', () => {
  beforeEach(() => localStorage.clear());

  it('a field past 300 lines says so under it, naming the field, and the save is not sent', async () => {
    const calls = renderPage(start, (call) => (call.method === 'PUT' ? { status: 200, body: start } : undefined));
    fireEvent.click(await screen.findByRole('button', { name: 'Editar' }));
    const field = within(lesson(1)).getByLabelText('Experiências de Aprendizagem');
    fireEvent.change(field, { target: { value: '1.\n'.repeat(301) } });
    const message = MSG.lessonFieldTooLong('Experiências de Aprendizagem');
    expect(within(lesson(1)).getByText(message)).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Salvar Mudanças' }));
    await screen.findByText(`Aula 1: ${message}`);
    expect(puts(calls)).toEqual([]);
  });

  it("shows the lesson's note on how its text was made beside the lesson, apart from its fields", async () => {
    const nota = 'Adaptação para Leitura, feita sem IA. Revise antes de usar.';
    renderPage(plano([{ ...first, nota }, aula(2, 1, 'Objetivo 2')]));
    const note = await within(await waitFor(() => lesson(1))).findByRole('complementary', { name: 'Nota sobre a Aula 1' });
    expect(note.textContent).toBe(nota);
    expect(within(lesson(2)).queryByRole('complementary')).toBeNull();
  });
});
