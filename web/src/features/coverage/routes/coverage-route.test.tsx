import type { AvaliacaoResumo, Cobertura, CoberturaMateria, Turma } from '@planejador/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { answerFetch, deferred, renderWithClient, type FetchCall } from '@/test/render';
import { CoverageRoute } from './coverage-route';

const turma = { id: 't1', numero: '71', escola: 'E.E.F. Mário Quintana', ano: '7' } as Turma;

function materia(value: string, codes: [string, string][], coveredCode?: string): CoberturaMateria {
  return {
    materia: value,
    total: codes.length,
    cobertas: coveredCode ? 1 : 0,
    habilidades: codes.map(([code, description]) => ({
      code,
      description,
      unidade: 'Unidade',
      trimestres: code === coveredCode ? [1] : [],
      periodos: code === coveredCode ? [1] : [],
      planos: code === coveredCode ? [{ id: 'p1', temaPrincipal: 'Placas tectônicas', trimestre: 1, periodo: 1, ano: 2026, aulas: [] }] : [],
      avaliada: false,
      resultado: null,
    })),
  } as CoberturaMateria;
}

const cobertura: Cobertura = {
  turmaId: 't1',
  ano: '7',
  materias: [
    materia('matematica', [['EF07MA01', 'Resolver e elaborar problemas com números naturais.']]),
    materia('ciencias', [
      ['EF07CI15', 'Interpretar fenômenos naturais (como vulcões, terremotos e tsunamis).'],
      ['EF07CI16', 'Justificar o formato das costas brasileiras e africanas com base na teoria da deriva dos continentes.'],
    ], 'EF07CI16'),
    materia('historia', [['EF07HI01', 'Explicar o significado de “modernidade”.']]),
  ],
};

type Answer = { status: number; body?: unknown };

function renderCoverage(path = '/turmas/t1/cobertura', other: (call: FetchCall) => Answer | Promise<Answer> | null = () => null) {
  const calls = answerFetch(
    async (call) => (await other(call)) ?? { status: 200, body: call.url.endsWith('/cobertura') ? cobertura : call.url.endsWith('/avaliacoes') ? [] : [turma] },
  );
  return { calls, ...renderInRouter(path) };
}

function renderInRouter(path: string) {
  return renderWithClient(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/turmas/:id/cobertura" element={<CoverageRoute />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('CoverageRoute', () => {
  beforeEach(() => localStorage.clear());

  it("shows the subjects she plans first, the others folded away (remembered per class), and each skill's text inline", async () => {
    const first = renderCoverage();
    const ciencias = await screen.findByRole('region', { name: 'Ciências' }, { timeout: 5000 });
    expect(screen.queryByRole('region', { name: 'Matemática' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'História' })).toBeNull();
    const toggle = screen.getByRole('button', { name: 'Mostrar as outras 2 matérias' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');

    // The grid of her subject: every skill's official text is there, no click per skill.
    fireEvent.click(screen.getByRole('button', { name: 'Ver as 2 habilidades de Ciências' }));
    expect(ciencias.textContent).toContain('Interpretar fenômenos naturais (como vulcões, terremotos e tsunamis).');
    expect(ciencias.textContent).toContain('Justificar o formato das costas brasileiras');
    expect(screen.queryByText('Texto da habilidade')).toBeNull();

    fireEvent.click(toggle);
    await screen.findByRole('region', { name: 'Matemática' });
    expect(screen.getByRole('region', { name: 'História' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ocultar as outras 2 matérias' }).getAttribute('aria-expanded')).toBe('true');
    first.unmount();

    // Remembered for this class on the next visit.
    const second = renderCoverage();
    await screen.findByRole('region', { name: 'Matemática' });
    fireEvent.click(screen.getByRole('button', { name: 'Ocultar as outras 2 matérias' }));
    expect(screen.queryByRole('region', { name: 'Matemática' })).toBeNull();
    second.unmount();
    renderCoverage();
    await screen.findByRole('region', { name: 'Ciências' });
    expect(screen.queryByRole('region', { name: 'Matemática' })).toBeNull();
  });

  it('a link to one of the other subjects shows them', async () => {
    renderCoverage('/turmas/t1/cobertura?materia=historia');
    const historia = await screen.findByRole('region', { name: 'História' });
    expect(historia.textContent).toContain('Explicar o significado de “modernidade”.');
  });

  it('asks to confirm the dates in Configurações while the calendar is provisional', async () => {
    renderCoverage('/turmas/t1/cobertura', ({ url }) =>
      url.includes('/api/calendario') ? { status: 200, body: { ano: 2026, tipo: 'trimestre', periodos: [], trimestres: [], fonte: 'provisorio', ato: null } } : null,
    );
    const link = await screen.findByRole('link', { name: 'Confirme as datas do calendário escolar em Configurações' });
    expect(link.getAttribute('href')).toBe('/configuracoes');
  });

  it("downloads a trimestre's documents: busy while made, the others wait, the server's message when the PDF cannot be made", async () => {
    const pdf = deferred<Answer>();
    const { calls } = renderCoverage('/turmas/t1/cobertura', ({ url }) => (url.includes('/periodos/') ? pdf.promise : null));
    fireEvent.click(await screen.findByRole('button', { name: 'Baixar PDF do 2º trimestre' }));
    const busy = await screen.findByRole('button', { name: 'Gerando PDF… do 2º trimestre' });
    expect(busy.getAttribute('aria-busy')).toBe('true');
    expect((screen.getByRole('button', { name: 'Baixar .docx do 1º trimestre' }) as HTMLButtonElement).disabled).toBe(true);
    expect(calls.some((c) => c.url === '/api/turmas/t1/periodos/2/export?formato=pdf')).toBe(true);
    pdf.resolve({ status: 503, body: { message: 'O PDF não está disponível neste servidor. Baixe o .docx.' } });
    expect((await screen.findByRole('alert')).textContent).toBe('O PDF não está disponível neste servidor. Baixe o .docx.');
    expect((screen.getByRole('button', { name: 'Baixar .docx do 2º trimestre' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('past 40 plans the server says to hand in by subject; the subject chosen goes as ?materia=', async () => {
    const tooMany = 'Este trimestre tem 41 planos, e uma entrega reúne no máximo 40. Entregue por matéria (?materia=, por exemplo ?materia=matematica).';
    const { calls } = renderCoverage('/turmas/t1/cobertura', ({ url }) =>
      url.includes('/periodos/') && !url.includes('materia=') ? { status: 400, body: { message: tooMany } } : null,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Baixar .docx do 1º trimestre' }));
    expect((await screen.findByRole('alert')).textContent).toBe(tooMany);
    const select = screen.getByLabelText('Matéria dos documentos') as HTMLSelectElement;
    const [, first] = Array.from(select.options);
    fireEvent.change(select, { target: { value: first.value } });
    fireEvent.click(screen.getByRole('button', { name: 'Baixar .docx do 1º trimestre' }));
    await waitFor(() => expect(calls.some((c) => c.url === `/api/turmas/t1/periodos/1/export?formato=docx&materia=${first.value}`)).toBe(true));
  });

  it('under a bimestre calendar names, colours and hands in the periods as bimestres', async () => {
    const bimestres = { ano: 2026, tipo: 'bimestre', periodos: [], trimestres: [], fonte: 'professor', ato: null };
    const { calls } = renderCoverage('/turmas/t1/cobertura?materia=ciencias', ({ url }) =>
      url.includes('/api/calendario') ? { status: 200, body: bimestres } : url.includes('/periodos/') ? { status: 409, body: { message: 'Sem planos.' } } : null,
    );
    await screen.findByRole('heading', { name: 'Documentos do bimestre' });
    expect(screen.getByRole('heading', { name: '4º bimestre' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: '1º trimestre' })).toBeNull();
    const ciencias = screen.getByRole('region', { name: 'Ciências' });
    expect(ciencias.textContent).toContain('Coberta no 1º bimestre');
    expect(ciencias.textContent).toContain('Placas tectônicas (1º bim)');
    expect(screen.getByRole('link', { name: 'Avaliar bimestre' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Baixar .docx do 4º bimestre' }));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/turmas/t1/periodos/4/export?formato=docx')).toBe(true));
  });

  it("lists the class's assessments newest first, links each skill's 'já avaliada' to the newest holding it, and shows the share at desenvolveu or above", async () => {
    const resumo = (id: string, state: AvaliacaoResumo['generation']['state'], codes: string[], createdAt: string): AvaliacaoResumo => ({
      id,
      turmaId: 't1',
      trimestre: 1,
      periodo: 1,
      ano: 2026,
      periodoTipo: 'trimestre',
      materia: 'ciencias',
      questoesPorHabilidade: 2,
      generation: { state, done: 0, total: codes.length },
      gerador: 'offline',
      habilidades: codes.map((code) => ({ code, description: code })),
      createdAt,
      updatedAt: createdAt,
    });
    const avaliacoes = [
      resumo('a3', 'running', ['EF07CI16'], '2026-05-20T12:00:00.000Z'),
      resumo('a2', 'done', ['EF07CI16'], '2026-04-02T12:00:00.000Z'),
      resumo('a1', 'done', ['EF07CI15', 'EF07CI16'], '2026-03-10T12:00:00.000Z'),
    ];
    const [ciencias] = cobertura.materias.filter((m) => m.materia === 'ciencias');
    const assessed: Cobertura = {
      ...cobertura,
      materias: cobertura.materias.map((m) =>
        m !== ciencias
          ? m
          : {
              ...m,
              habilidades: [
                { ...m.habilidades[0], avaliada: true, resultado: { niveis: { naoDesenvolveu: 0, emDesenvolvimento: 0, desenvolveu: 0, desenvolveuPlenamente: 0 }, total: 0, desenvolveuOuMais: null } },
                { ...m.habilidades[1], avaliada: true, resultado: { niveis: { naoDesenvolveu: 2, emDesenvolvimento: 5, desenvolveu: 10, desenvolveuPlenamente: 3 }, total: 20, desenvolveuOuMais: 0.65 } },
              ],
            },
      ),
    };
    renderCoverage('/turmas/t1/cobertura?materia=ciencias', ({ url }) =>
      url.endsWith('/avaliacoes') ? { status: 200, body: avaliacoes } : url.endsWith('/cobertura') ? { status: 200, body: assessed } : null,
    );
    const list = await screen.findByRole('list', { name: 'Avaliações da turma 71' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      'Avaliação — Ciências — 1º trimestre1 habilidadeSendo escritaCriada em 20/05/2026',
      'Avaliação — Ciências — 1º trimestre1 habilidadeProntaCriada em 02/04/2026',
      'Avaliação — Ciências — 1º trimestre2 habilidadesProntaCriada em 10/03/2026',
    ]);
    expect(within(items[2]).getByRole('link', { name: 'Avaliação — Ciências — 1º trimestre' }).getAttribute('href')).toBe('/avaliacoes/a1');

    const region = await screen.findByRole('region', { name: 'Ciências' });
    // The newest finished assessment holding the skill (not the one still being written).
    expect(within(region).getByRole('link', { name: 'já avaliada: abrir a avaliação de EF07CI16' }).getAttribute('href')).toBe('/avaliacoes/a2');
    expect(within(region).getByRole('link', { name: 'já avaliada: abrir a avaliação de EF07CI15' }).getAttribute('href')).toBe('/avaliacoes/a1');
    expect(region.textContent).toContain('65% desenvolveu ou mais (de 20 estudantes)');
    expect(region.textContent).toContain('Resultados: nenhum estudante contado');
  });
});
