import type { Aula, Plano } from '@planejador/contracts';
import { screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { aula, plano } from '@/test/plan-fixtures';
import { answerFetch, renderWithClient } from '@/test/render';
import { PlanRoute } from './plan-route';

// decisions.md, "Every stage in its own words": the plan page labels a lesson in its class's stage's words, and a plan
// that mixes subjects names each lesson's own in its heading.

jest.mock('@/lib/plan-progress-socket', () => ({ listenToPlanProgress: () => () => undefined }));

function renderPage(p: Plano) {
  answerFetch((call) => {
    if (call.url === '/api/geracao') return { status: 200, body: { generator: 'offline' } };
    if (call.url === `/api/planos/${p.id}`) return { status: 200, body: p };
    return { status: 200, body: [] };
  });
  const router = createMemoryRouter([{ path: '/plano/:id', element: <PlanRoute /> }], { initialEntries: [`/plano/${p.id}`] });
  return renderWithClient(<RouterProvider router={router} />);
}

const proposta = (n: number, materia: string, code: string): Aula => ({
  ...aula(n, 1, 'Brincar de roda com os colegas'),
  materia,
  titulo: `Brincadeira ${n}`,
  habilidades: `(${code}) Objetivo ${code}`,
  habilidadeCodes: [code],
  objetosConhecimento: 'Brincadeiras de roda',
  verificacao: {
    questoes: [1, 2, 3].map((i) => ({ tipo: 'aberta' as const, enunciado: `A criança participa da roda ${i}?`, respostaEsperada: `Se entra na roda ${i}.`, habilidade: code })),
  },
});

describe('the plan page in the stage of its class', () => {
  beforeEach(() => localStorage.clear());

  it('labels an infantil plan as its teachers do and names each lesson\'s campo when the plan mixes them', async () => {
    const p: Plano = {
      ...plano([proposta(1, 'corpo-gestos-movimentos', 'EI03CG01'), proposta(2, 'eu-outro-nos', 'EI03EO03')]),
      materiaGeral: 'corpo-gestos-movimentos',
      limitOneSkill: false,
    };
    p.turma = { ...p.turma!, etapa: 'infantil', ano: '3', numero: 'Pré B' };
    const { container } = renderPage(p);
    await screen.findByRole('heading', { name: 'Aula 1 · Corpo, gestos e movimentos — Brincadeira 1' });
    screen.getByRole('heading', { name: 'Aula 2 · O eu, o outro e o nós — Brincadeira 2' });
    const first = screen.getByRole('region', { name: /^Aula 1 · / });
    within(first).getByRole('heading', { name: 'Objetivos de aprendizagem e desenvolvimento' });
    within(first).getByRole('heading', { name: 'Saberes e conhecimentos' });
    const pontos = within(first).getByRole('region', { name: 'Pontos de observação' });
    within(pontos).getByText('Se entra na roda 1.');
    // The plan's facts: its grupo etário and both campos.
    screen.getByText('Grupo etário');
    screen.getByText('Campos de experiência');
    screen.getByText('Corpo, gestos e movimentos, O eu, o outro e o nós');
    const text = container.textContent ?? '';
    for (const word of [/mat[ée]ria/i, /habilidade/i, /objetos de conhecimento/i, /componente curricular/i, /gabarito/i, /verifica[çc][ãa]o/i, /quest[õo]es/i]) {
      expect(text).not.toMatch(word);
    }
  });

  it('labels a médio plan "Série", "Área do conhecimento" and "Conteúdos"', async () => {
    const p = plano([{ ...aula(1, 1, 'Objetivo'), materia: 'matematica', habilidades: '(EM13MAT101) Interpretar', habilidadeCodes: ['EM13MAT101'] }]);
    p.turma = { ...p.turma!, etapa: 'medio', ano: '1' };
    renderPage(p);
    const first = await screen.findByRole('region', { name: /^Aula 1 — / });
    within(first).getByRole('heading', { name: 'Conteúdos' });
    within(first).getByRole('heading', { name: 'Habilidades' });
    screen.getByText('Série');
    screen.getByText('Área do conhecimento');
    screen.getByText('1ª série do Ensino Médio');
  });
});
