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
    await screen.findByText('2 planos mudaram de trimestre conforme as novas datas.');
    const put = calls.find((c) => c.method === 'PUT');
    expect(put).toMatchObject({ url: '/api/calendario', body: { ano: provisional.ano } });
    expect((put?.body as { trimestres: { inicio: string }[] }).trimestres[0].inicio).toBe(`${provisional.ano}-02-10`);
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
});
