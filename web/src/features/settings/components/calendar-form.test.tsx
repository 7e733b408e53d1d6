import { MSG, networkCalendar, schoolDate, type Calendario } from '@planejador/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { answerFetch, renderWithClient } from '@/test/render';
import { CalendarForm } from './calendar-form';

const ano = Number(schoolDate().slice(0, 4));
const provisional: Calendario = networkCalendar(2100 > ano ? ano : 2026);

describe('CalendarForm (Configurações: calendário escolar)', () => {
  it('shows provisional dates as such and saves the teacher\'s dates, saying how many plans moved', async () => {
    const calls = answerFetch(({ method, body }) =>
      method === 'GET'
        ? { status: 200, body: provisional }
        : { status: 200, body: { ...(body as object), fonte: 'professor', ato: null, planosMovidos: 2 } },
    );
    renderWithClient(<CalendarForm />);
    await screen.findByText('Datas provisórias');
    expect(screen.getByRole('status').textContent).toContain('Confirme-as');
    const start = screen.getByLabelText('Início do 1º trimestre') as HTMLInputElement;
    expect(start.value).toBe(provisional.trimestres[0].inicio);
    fireEvent.change(start, { target: { value: `${provisional.ano}-02-10` } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar estas datas' }));
    await screen.findByText('2 planos mudaram de trimestre conforme o novo calendário.');
    const put = calls.find((c) => c.method === 'PUT');
    expect(put).toMatchObject({ url: '/api/calendario', body: { ano: provisional.ano, tipo: 'trimestre' } });
    expect((put?.body as { periodos: { inicio: string }[] }).periodos[0].inicio).toBe(`${provisional.ano}-02-10`);
  });

  it('refuses overlapping trimestres in Portuguese before sending anything', async () => {
    const calls = answerFetch(() => ({ status: 200, body: provisional }));
    renderWithClient(<CalendarForm />);
    const secondStart = (await screen.findByLabelText('Início do 2º trimestre')) as HTMLInputElement;
    fireEvent.change(secondStart, { target: { value: provisional.trimestres[0].inicio } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar estas datas' }));
    await screen.findByText(MSG.calendarioSobreposto(1, 2));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toEqual([]));
  });

  it('edits the four bimestres of a bimestre calendar and saves them by kind', async () => {
    const bimestres: Calendario = {
      ano,
      tipo: 'bimestre',
      fonte: 'professor',
      ato: null,
      trimestres: [],
      periodos: [
        { numero: 1, inicio: `${ano}-02-18`, fim: `${ano}-04-30` },
        { numero: 2, inicio: `${ano}-05-04`, fim: `${ano}-07-10` },
        { numero: 3, inicio: `${ano}-07-27`, fim: `${ano}-09-30` },
        { numero: 4, inicio: `${ano}-10-01`, fim: `${ano}-12-18` },
      ],
    };
    const calls = answerFetch(({ method, body }) =>
      method === 'GET' ? { status: 200, body: bimestres } : { status: 200, body: { ...(body as object), trimestres: [], fonte: 'professor', ato: null, planosMovidos: 1 } },
    );
    renderWithClient(<CalendarForm />);
    await screen.findByText('Suas datas');
    expect(screen.getByRole('combobox', { name: 'O ano se divide em' }).textContent).toBe('Bimestres (4)');
    expect((screen.getByLabelText('Fim do 4º bimestre') as HTMLInputElement).value).toBe(`${ano}-12-18`);
    expect(screen.queryByLabelText('Início do 1º trimestre')).toBeNull();
    fireEvent.change(screen.getByLabelText('Início do 3º bimestre'), { target: { value: `${ano}-07-10` } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar datas' }));
    await screen.findByText(MSG.calendarioSobreposto(2, 3, 'bimestre'));
    fireEvent.change(screen.getByLabelText('Início do 3º bimestre'), { target: { value: `${ano}-07-28` } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar datas' }));
    await screen.findByText('1 plano mudou de bimestre conforme o novo calendário.');
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.body).toMatchObject({ ano, tipo: 'bimestre' });
    expect((put?.body as { periodos: { inicio: string }[] }).periodos.map((p) => p.inicio)).toEqual([
      `${ano}-02-18`, `${ano}-05-04`, `${ano}-07-28`, `${ano}-10-01`,
    ]);
  });
});
