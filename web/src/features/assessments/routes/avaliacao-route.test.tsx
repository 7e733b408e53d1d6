import type { Avaliacao, AvaliacaoHabilidade, HabilidadeParcial } from '@planejador/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { answerFetch, renderWithClient } from '@/test/render';
import { applyAssessmentProgressToStream, applyAssessmentSkillEvent } from '../api/assessment-stream';
import { AvaliacaoRoute } from './avaliacao-route';

// The page's socket is not opened here: the tests hand the skill events to the page's stream store themselves.
jest.mock('@/lib/socket', () => ({ getSocket: () => ({ on: () => undefined, off: () => undefined }) }));

const ID = '00000000-0000-4000-8000-000000000a01';

const rubrica: AvaliacaoHabilidade['rubrica'] = [
  { nivel: 'não desenvolveu', descritor: 'Não reconhece frações.' },
  { nivel: 'em desenvolvimento', descritor: 'Reconhece com apoio.' },
  { nivel: 'desenvolveu', descritor: 'Representa frações sozinho.' },
  { nivel: 'desenvolveu plenamente', descritor: 'Representa e explica.' },
];

const empty = (code: string): AvaliacaoHabilidade => ({ code, description: `(${code}) Texto oficial de ${code}.`, questoes: [], rubrica: [] });
const written = (code: string): AvaliacaoHabilidade => ({
  ...empty(code),
  questoes: [{ tipo: 'multipla', enunciado: `Questão pronta de ${code}`, alternativas: ['1/2', '1/3', '1/4', '1/5'], correta: 0, habilidade: code }],
  rubrica,
});

function avaliacao(habilidades: AvaliacaoHabilidade[], state: Avaliacao['generation']['state'] = 'running'): Avaliacao {
  return {
    id: ID,
    turmaId: '00000000-0000-4000-8000-000000000b01',
    trimestre: 1,
    periodo: 1,
    ano: 2026,
    periodoTipo: 'trimestre',
    resultados: [],
    materia: 'matematica',
    questoesPorHabilidade: 1,
    generation: { state, done: habilidades.filter((h) => h.questoes.length > 0).length, total: habilidades.length },
    gerador: state === 'done' ? 'openai' : null,
    habilidades,
    createdAt: '2026-03-02T12:00:00.000Z',
    updatedAt: '2026-03-02T12:00:00.000Z',
  };
}

function renderPage(a: Avaliacao) {
  answerFetch((call) => (call.url === `/api/avaliacoes/${ID}` ? { status: 200, body: a } : { status: 200, body: [] }));
  const router = createMemoryRouter([{ path: '/avaliacoes/:id', element: <AvaliacaoRoute /> }], { initialEntries: [`/avaliacoes/${ID}`] });
  renderWithClient(<RouterProvider router={router} />);
}

const skill = (code: string) => screen.getByRole('region', { name: code });
const delta = (code: string, parcial: HabilidadeParcial) => act(() => applyAssessmentSkillEvent({ avaliacaoId: ID, code, type: 'delta', parcial }));

describe('an assessment being written (issue 36: skills side by side, their text as it is written)', () => {
  afterEach(() => act(() => applyAssessmentProgressToStream({ avaliacaoId: ID, type: 'done' })));

  it("shows each skill's text growing as readable questions, the stored ones whole, the others waiting; the status alone is live", async () => {
    renderPage(avaliacao([written('EF05MA01'), empty('EF05MA02'), empty('EF05MA03')]));
    await screen.findByRole('heading', { name: /^Avaliação — / });
    // The page's status (the spinner inside it is one too).
    const status = screen.getAllByRole('status').find((el) => el.getAttribute('aria-live') === 'polite')!;
    await waitFor(() => expect(status.textContent).toContain('1 de 3 habilidades prontas'));

    // The stored skill reads whole; the others wait their turn.
    within(skill('EF05MA01')).getByText('Questão pronta de EF05MA01');
    within(skill('EF05MA01')).getByText('Pronta');
    within(skill('EF05MA02')).getByText('Aguardando');
    expect(skill('EF05MA02').getAttribute('aria-busy')).toBe('true');

    // Two skills stream at once, each in its own place, as text (never JSON).
    delta('EF05MA03', { questoes: [{ tipo: null, enunciado: 'Qual fração é', alternativas: [], respostaEsperada: '' }], rubrica: [] });
    delta('EF05MA02', { questoes: [{ tipo: 'multipla', enunciado: 'Quanto é metade de 8?', alternativas: ['2', '4', '6'], respostaEsperada: '' }], rubrica: [] });
    within(skill('EF05MA03')).getByText('Qual fração é');
    within(skill('EF05MA03')).getByText('Sendo escrita...');
    const second = skill('EF05MA02');
    within(second).getByText('Quanto é metade de 8?');
    const alternatives = within(second).getByRole('list', { name: 'Alternativas da questão 2' });
    expect(within(alternatives).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['A) 2', 'B) 4', 'C) 6']);
    expect(second.textContent).not.toContain('{');

    delta('EF05MA03', {
      questoes: [{ tipo: 'aberta', enunciado: 'Qual fração é maior, 1/2 ou 1/3? Explique.', alternativas: [], respostaEsperada: '1/2, pois' }],
      rubrica: [{ nivel: 'não desenvolveu', descritor: 'Não compara' }],
    });
    const third = skill('EF05MA03');
    within(third).getByText('Qual fração é maior, 1/2 ou 1/3? Explique.');
    within(third).getByText('1/2, pois');
    within(within(third).getByRole('list', { name: 'Rubrica' })).getByText('Não compara');

    // Not read aloud word by word: the growing text is in no live region.
    expect(third.closest('[aria-live]')).toBeNull();
    expect(status.textContent).not.toContain('Qual fração');
  });

  it('a new attempt forgets the partial texts of the one before', async () => {
    renderPage(avaliacao([empty('EF05MA01')]));
    await screen.findByRole('heading', { name: /^Avaliação — / });
    delta('EF05MA01', { questoes: [{ tipo: null, enunciado: 'Texto da tentativa que caiu', alternativas: [], respostaEsperada: '' }], rubrica: [] });
    within(skill('EF05MA01')).getByText('Texto da tentativa que caiu');
    act(() => applyAssessmentProgressToStream({ avaliacaoId: ID, type: 'started' }));
    expect(within(skill('EF05MA01')).queryByText('Texto da tentativa que caiu')).toBeNull();
    within(skill('EF05MA01')).getByText('Aguardando');
  });
});
