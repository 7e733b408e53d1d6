import type { Turma } from '@planejador/contracts';
import { screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { GENERATE_DRAFT_KEY_PREFIX } from '@/lib/drafts';
import { answerFetch, renderWithClient } from '@/test/render';
import { GenerateForm } from './generate-form';

// decisions.md, "Every stage in its own words": the generate form speaks the chosen class's stage.

const turma = (etapa: Turma['etapa'], ano: string): Turma =>
  ({ id: '33333333-3333-4333-8333-333333333333', numero: 'Pré B', escola: 'EMEI Arco-Íris', etapa, ano, nomeProfessor: 'Ana', observacoesAdicionais: null }) as Turma;

function renderForm(t: Turma, materiaGeral: string, lessonMaterias: (string | undefined)[]) {
  localStorage.setItem(
    `${GENERATE_DRAFT_KEY_PREFIX}u1`,
    JSON.stringify({
      values: {
        temaPrincipal: 'Brincadeiras de roda',
        turmaId: t.id,
        materiaGeral,
        limitOneSkill: false,
        preferirSeduc: false,
        nivelDetalhamento: 3,
        dataInicio: null,
        dataFim: null,
        duracaoAulaMin: null,
        aulas: lessonMaterias.map((materia, i) => ({ prompt: `Proposta ${i + 1}`, habilidadesFixadas: [], ...(materia ? { materia } : {}) })),
      },
    }),
  );
  answerFetch((call) => {
    if (call.url === '/api/geracao') return { status: 200, body: { generator: 'offline' } };
    if (call.url.startsWith('/api/matriz')) return { status: 200, body: { ano: t.ano, materia: materiaGeral, total: 10, rsLoaded: false } };
    return { status: 200, body: [{ code: 'EI03CG01', description: 'Criar com o corpo', unit: 'Corpo', field: null, knowledgeObjects: [], score: 0.5 }] };
  });
  const router = createMemoryRouter([{ path: '/gerar-planos', element: <GenerateForm userId="u1" turmas={[t]} credits={5} onStarted={() => undefined} /> }], {
    initialEntries: ['/gerar-planos'],
  });
  return renderWithClient(<RouterProvider router={router} />);
}

describe('the generate form in the stage of the chosen class', () => {
  beforeEach(() => localStorage.clear());

  it('names an infantil class\'s parts as its teachers do: campo de experiência, objetivos, grupo etário; never Matéria or Habilidades', async () => {
    const { container } = renderForm(turma('infantil', '3'), 'corpo-gestos-movimentos', [undefined, 'eu-outro-nos']);
    screen.getByText('Campo de experiência principal');
    expect(screen.getByRole('combobox', { name: 'Campo de experiência da aula 1' }).textContent).toBe('Corpo, gestos e movimentos (campo de experiência geral)');
    expect(screen.getByRole('combobox', { name: 'Campo de experiência da aula 2' }).textContent).toBe('O eu, o outro e o nós');
    screen.getByText('A turma define o grupo etário dos objetivos de aprendizagem; o campo de experiência vale para todas as aulas.');
    await waitFor(() => expect(container.textContent).toContain('saberes e conhecimentos'));
    const text = container.textContent ?? '';
    for (const word of [/mat[ée]ria/i, /habilidade/i, /objetos de conhecimento/i, /componente curricular/i]) expect(text).not.toMatch(word);
  });

  it('calls a médio subject "Área do conhecimento" and its year "série"', async () => {
    const { container } = renderForm(turma('medio', '1'), 'matematica', [undefined]);
    screen.getByText('Área do conhecimento geral');
    expect(screen.getByRole('combobox', { name: 'Área do conhecimento da aula 1' }).textContent).toBe('Matemática (área do conhecimento geral)');
    screen.getByText('A turma define a série das habilidades; a área do conhecimento vale para todas as aulas.');
    await waitFor(() => expect(container.textContent).toContain('conteúdos'));
    expect(container.textContent).not.toMatch(/mat[ée]ria/i);
  });

  it('keeps the Ensino Fundamental words for a fundamental class', () => {
    renderForm(turma('fundamental', '5'), 'matematica', [undefined]);
    screen.getByText('Matéria Geral');
    screen.getByText('A turma define o ano das habilidades; a matéria vale para todas as aulas.');
    expect(screen.getByRole('combobox', { name: 'Matéria da aula 1' }).textContent).toBe('Matemática (matéria geral)');
  });
});
