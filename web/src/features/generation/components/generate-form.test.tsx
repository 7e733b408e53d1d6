import { LIMITS, type GenerateFormInput, type GeneratePlanoInput, type Turma } from '@planejador/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { GENERATE_DRAFT_KEY_PREFIX } from '@/lib/drafts';
import { answerFetch, renderWithClient } from '@/test/render';
import { GenerateForm } from './generate-form';

const turma: Turma = {
  id: '22222222-2222-4222-8222-222222222222',
  numero: '51',
  escola: 'E.E.F. Mário Quintana',
  ano: '5',
  nomeProfessor: 'Ana',
  observacoesAdicionais: null,
} as Turma;

/** The api as the form meets it: who writes, the year's matrix info, one skill per search, and the generate request. */
function api() {
  return answerFetch((call) => {
    if (call.url === '/api/geracao') return { status: 200, body: { generator: 'offline' } };
    if (call.url === '/api/planos/generate') return { status: 202, body: { id: 'novo-plano' } };
    if (call.url.startsWith('/api/matriz')) return { status: 200, body: { ano: '5', materia: 'matematica', total: 30, rsLoaded: false } };
    return { status: 200, body: [{ code: 'EF05MA03', description: 'Frações', unit: 'Números', field: null, knowledgeObjects: [], score: 0.5 }] };
  });
}

/** The generate page for `userId` in a router with another page (Histórico) to leave to. */
function renderForm(userId: string, onStarted: (id: string) => void = () => undefined) {
  const router = createMemoryRouter(
    [
      {
        path: '/gerar-planos',
        element: (
          <>
            <Link to="/historico">Histórico</Link>
            <GenerateForm userId={userId} turmas={[turma]} credits={5} onStarted={onStarted} />
          </>
        ),
      },
      { path: '/historico', element: <h1>Histórico</h1> },
    ],
    { initialEntries: ['/gerar-planos'] },
  );
  return { ...renderWithClient(<RouterProvider router={router} />), router };
}

const stored = (userId: string) => {
  const raw = localStorage.getItem(`${GENERATE_DRAFT_KEY_PREFIX}${userId}`);
  return raw ? (JSON.parse(raw) as { values: GenerateFormInput }).values : null;
};

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('the generate form keeps what the teacher typed', () => {
  beforeEach(() => localStorage.clear());

  it('keeps the title and every lesson in this browser, per user, and brings them back on the next visit', async () => {
    api();
    const first = renderForm('u1');
    type('Título do plano', 'Água no dia a dia');
    type('Descrição da aula 1', 'Estados físicos da água');
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar Aula' }));
    type('Descrição da aula 2', 'Ciclo da água na horta');
    expect(stored('u1')).toMatchObject({
      temaPrincipal: 'Água no dia a dia',
      aulas: [{ prompt: 'Estados físicos da água' }, { prompt: 'Ciclo da água na horta' }],
    });
    first.unmount();

    // A reload: everything typed is back, with a note saying so.
    renderForm('u1');
    expect((screen.getByLabelText('Título do plano') as HTMLInputElement).value).toBe('Água no dia a dia');
    expect((screen.getByLabelText('Descrição da aula 1') as HTMLTextAreaElement).value).toBe('Estados físicos da água');
    expect((screen.getByLabelText('Descrição da aula 2') as HTMLTextAreaElement).value).toBe('Ciclo da água na horta');
    screen.getByText(/Restauramos o que você tinha digitado/);
  });

  it("another user on this browser does not see them", () => {
    api();
    localStorage.setItem(`${GENERATE_DRAFT_KEY_PREFIX}u1`, JSON.stringify({ values: { aulas: [{ prompt: 'Texto da u1' }] } }));
    renderForm('u2');
    expect((screen.getByLabelText('Descrição da aula 1') as HTMLTextAreaElement).value).toBe('');
    expect(screen.queryByText(/Restauramos/)).toBeNull();
  });

  it('a restored form generates with its pins and title, and is forgotten once the plan is created', async () => {
    const calls = api();
    localStorage.setItem(
      `${GENERATE_DRAFT_KEY_PREFIX}u1`,
      JSON.stringify({
        values: {
          temaPrincipal: 'Frações na cozinha',
          turmaId: turma.id,
          materiaGeral: 'matematica',
          limitOneSkill: true,
          preferirSeduc: false,
          nivelDetalhamento: 4,
          trimestre: 2,
          dataInicio: null,
          dataFim: null,
          duracaoAulaMin: null,
          aulas: [
            { prompt: 'Receitas com frações', habilidadesFixadas: ['EF05MA03'] },
            { prompt: 'Medidas na cozinha', habilidadesFixadas: [] },
          ],
        },
      }),
    );
    const started = jest.fn();
    renderForm('u1', started);
    screen.getByRole('button', { name: 'Desafixar EF05MA03 da aula 1' });
    const generate = screen.getByRole('button', { name: 'Gerar Plano de Aula' });
    await waitFor(() => expect((generate as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(generate);
    const dialog = await screen.findByRole('dialog', { name: 'Confirmar Geração do Plano' });
    within(dialog).getByText('Frações na cozinha');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirmar e Gerar' }));
    await waitFor(() => expect(started).toHaveBeenCalledWith('novo-plano'));
    const body = calls.find((c) => c.url === '/api/planos/generate')!.body as GeneratePlanoInput;
    expect(body).toMatchObject({
      temaPrincipal: 'Frações na cozinha',
      turmaId: turma.id,
      nivelDetalhamento: 4,
      trimestre: 2,
      aulas: [
        { numeroAula: 1, prompt: 'Receitas com frações', habilidadesFixadas: ['EF05MA03'] },
        { numeroAula: 2, prompt: 'Medidas na cozinha', habilidadesFixadas: [] },
      ],
    });
    expect(stored('u1')).toBeNull();
  });

  it("a lesson keeps its own subject (a plan mixing subjects): shown on its row and sent with it", async () => {
    const calls = api();
    localStorage.setItem(
      `${GENERATE_DRAFT_KEY_PREFIX}u1`,
      JSON.stringify({
        values: {
          temaPrincipal: 'Semana da horta',
          turmaId: turma.id,
          materiaGeral: 'matematica',
          limitOneSkill: true,
          preferirSeduc: false,
          nivelDetalhamento: 3,
          dataInicio: null,
          dataFim: null,
          duracaoAulaMin: null,
          aulas: [
            { prompt: 'Medir os canteiros', habilidadesFixadas: [] },
            { prompt: 'Ler a receita da salada', habilidadesFixadas: [], materia: 'portugues' },
          ],
        },
      }),
    );
    const started = jest.fn();
    renderForm('u1', started);
    expect(screen.getByRole('combobox', { name: 'Matéria da aula 1' }).textContent).toBe('Matemática (matéria geral)');
    expect(screen.getByRole('combobox', { name: 'Matéria da aula 2' }).textContent).toBe('Português');
    const generate = screen.getByRole('button', { name: 'Gerar Plano de Aula' });
    await waitFor(() => expect((generate as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(generate);
    const dialog = await screen.findByRole('dialog', { name: 'Confirmar Geração do Plano' });
    // The confirmation names both subjects of the plan.
    within(dialog).getByText('Matérias');
    within(dialog).getByText('Matemática, Português');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirmar e Gerar' }));
    await waitFor(() => expect(started).toHaveBeenCalledWith('novo-plano'));
    const body = calls.find((c) => c.url === '/api/planos/generate')!.body as GeneratePlanoInput;
    expect(body.aulas.map((aula) => [aula.numeroAula, aula.materia])).toEqual([
      [1, 'matematica'],
      [2, 'portugues'],
    ]);
    // Lesson 2's skill suggestions are searched in its own subject.
    expect(calls.some((c) => c.url.startsWith('/api/habilidades') && c.url.includes('materia=portugues'))).toBe(true);
  });

  it('"Limpar formulário" asks first, then empties the form and forgets it', async () => {
    api();
    renderForm('u1');
    type('Título do plano', 'Água no dia a dia');
    type('Descrição da aula 1', 'Estados físicos da água');
    fireEvent.click(screen.getByRole('button', { name: 'Limpar formulário' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Limpar o formulário?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Manter o que digitei' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect((screen.getByLabelText('Descrição da aula 1') as HTMLTextAreaElement).value).toBe('Estados físicos da água');

    fireEvent.click(screen.getByRole('button', { name: 'Limpar formulário' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Limpar formulário' }));
    await waitFor(() => expect((screen.getByLabelText('Descrição da aula 1') as HTMLTextAreaElement).value).toBe(''));
    expect((screen.getByLabelText('Título do plano') as HTMLInputElement).value).toBe('');
    expect(stored('u1')).toBeNull();
  });

  it('a title of 1 or 2 characters is refused with the message; longer than the limit cannot be typed', async () => {
    api();
    renderForm('u1');
    type('Título do plano', 'Ág');
    type('Descrição da aula 1', 'Estados físicos da água');
    fireEvent.submit(screen.getByLabelText('Título do plano').closest('form')!);
    await screen.findByText('O título do plano deve ter de 3 a 120 caracteres.');
    expect(screen.getByLabelText('Título do plano').getAttribute('maxLength')).toBe(String(LIMITS.temaPrincipalMax));
  });

  it('leaving for another page with text typed asks first', async () => {
    api();
    const { router } = renderForm('u1');
    type('Descrição da aula 1', 'Estados físicos da água');
    fireEvent.click(screen.getByRole('link', { name: 'Histórico' }));
    const leave = await screen.findByRole('alertdialog', { name: 'Sair sem salvar?' });
    fireEvent.click(within(leave).getByRole('button', { name: 'Continuar no formulário' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/gerar-planos');
    fireEvent.click(screen.getByRole('link', { name: 'Histórico' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Sair sem salvar' }));
    await screen.findByRole('heading', { name: 'Histórico' });
    // What was typed stays for the next visit.
    expect(stored('u1')?.aulas[0].prompt).toBe('Estados físicos da água');
  });
});
