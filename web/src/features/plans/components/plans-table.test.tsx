import type { PlanoListItem } from '@planejador/contracts';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { PlansTable } from './plans-table';

const item = (id: string, temaPrincipal: string, materiaGeral: string): PlanoListItem => ({
  id,
  temaPrincipal,
  materiaGeral,
  createdAt: '2026-11-25T10:00:00.000Z',
  updatedAt: '2026-11-25T10:00:00.000Z',
  status: 'gerado',
  turmaId: 't',
  turma: { id: 't', numero: '71', escola: 'E', ano: '7' },
  generation: { state: 'done', done: 2, total: 2 },
  generator: 'offline',
  trimestre: 1,
  periodo: 1,
  ano: 2026,
  periodoTipo: 'trimestre',
  aulas: [
    { id: `${id}-1`, numeroAula: 1, materia: materiaGeral },
    { id: `${id}-2`, numeroAula: 2, materia: materiaGeral },
  ],
});

describe('PlansTable (Histórico)', () => {
  it("names each plan's subject: a Matéria column on wide screens and in each card on a phone", () => {
    render(
      <MemoryRouter>
        <PlansTable
          planos={[item('a', 'Placas tectônicas', 'ciencias'), item('b', 'Frações', 'matematica')]}
          exportingId={null}
          onExport={() => undefined}
          onDelete={() => undefined}
        />
      </MemoryRouter>,
    );
    const table = screen.getByRole('table', { name: 'Planos de aula' });
    const headers = within(table).getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers).toEqual(['Data', 'Turma', 'Matéria', 'Tema Principal', 'Aulas', 'Status', 'Ações']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]).getAllByRole('cell')[2].textContent).toBe('Ciências');
    expect(within(rows[1]).getAllByRole('cell')[2].textContent).toBe('Matemática');

    const cards = within(screen.getByRole('list', { name: 'Planos de aula' })).getAllByRole('listitem');
    expect(cards[0].textContent).toContain('Turma 71 · Ciências ·');
    expect(cards[1].textContent).toContain('Turma 71 · Matemática ·');
  });
});
