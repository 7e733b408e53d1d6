import { RUBRICA_NIVEIS, type Avaliacao } from '@planejador/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { answerFetch, deferred, renderWithClient, type FetchAnswer } from '@/test/render';
import { ResultsForm } from './results-form';

const skill = (code: string) => ({
  code,
  description: `(${code}) Texto de ${code}.`,
  questoes: [{ tipo: 'aberta' as const, enunciado: 'Explique.', habilidade: code, respostaEsperada: 'Resposta pessoal.' }],
  rubrica: RUBRICA_NIVEIS.map((nivel) => ({ nivel, descritor: `Descritor ${nivel}` })),
});

const avaliacao: Avaliacao = {
  id: 'a1',
  turmaId: 't1',
  trimestre: 1,
  periodo: 1,
  ano: 2026,
  periodoTipo: 'trimestre',
  materia: 'matematica',
  questoesPorHabilidade: 1,
  generation: { state: 'done', done: 2, total: 2, error: null, creditRefunded: false },
  gerador: 'offline',
  habilidades: [skill('EF05MA03'), skill('EF05MA08')],
  resultados: [],
  createdAt: '2026-03-10T12:00:00.000Z',
  updatedAt: '2026-03-10T12:00:00.000Z',
};

const group = (code: string) => screen.getByRole('group', { name: `Resultados de ${code}` });
const fill = (code: string, values: [string, string, string, string]) =>
  ['Não desenvolveu', 'Em desenvolvimento', 'Desenvolveu', 'Desenvolveu plenamente'].forEach((label, i) =>
    fireEvent.change(within(group(code)).getByLabelText(label), { target: { value: values[i] } }),
  );

describe('ResultsForm', () => {
  it('takes per skill the 4 levels by label, shows the total and share, and saves only the skills filled in', async () => {
    const put = deferred<FetchAnswer>();
    const calls = answerFetch(() => put.promise);
    renderWithClient(<ResultsForm avaliacao={avaliacao} />);
    for (const code of ['EF05MA03', 'EF05MA08']) {
      for (const label of ['Não desenvolveu', 'Em desenvolvimento', 'Desenvolveu', 'Desenvolveu plenamente']) {
        const input = within(group(code)).getByLabelText(label) as HTMLInputElement;
        expect([input.type, input.min, input.max, input.inputMode]).toEqual(['number', '0', '200', 'numeric']);
      }
    }
    fill('EF05MA03', ['2', '5', '10', '3']);
    expect(group('EF05MA03').textContent).toContain('Total: 20 estudantes · 65% desenvolveu ou mais');
    expect(group('EF05MA08').textContent).toContain('Total: 0 estudantes');

    fireEvent.click(screen.getByRole('button', { name: 'Salvar resultados' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({
      method: 'PUT',
      url: '/api/avaliacoes/a1/resultados',
      body: { habilidades: [{ code: 'EF05MA03', niveis: { naoDesenvolveu: 2, emDesenvolvimento: 5, desenvolveu: 10, desenvolveuPlenamente: 3 } }] },
    });
    expect(screen.getByRole('button', { name: 'Salvando...' })).toBeTruthy();
    put.resolve({ status: 200, body: { ...avaliacao, resultados: [{ code: 'EF05MA03', niveis: { naoDesenvolveu: 2, emDesenvolvimento: 5, desenvolveu: 10, desenvolveuPlenamente: 3 } }] } });
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Resultados salvos.'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('starts from the stored counts; an empty field counts 0', async () => {
    const calls = answerFetch(() => ({ status: 200, body: avaliacao }));
    renderWithClient(<ResultsForm avaliacao={{ ...avaliacao, resultados: [{ code: 'EF05MA08', niveis: { naoDesenvolveu: 1, emDesenvolvimento: 1, desenvolveu: 1, desenvolveuPlenamente: 1 } }] }} />);
    expect((within(group('EF05MA08')).getByLabelText('Desenvolveu plenamente') as HTMLInputElement).value).toBe('1');
    expect(group('EF05MA08').textContent).toContain('Total: 4 estudantes · 50% desenvolveu ou mais');
    fill('EF05MA08', ['', '3', '1', '0']);
    fireEvent.click(screen.getByRole('button', { name: 'Salvar resultados' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0].body).toEqual({ habilidades: [{ code: 'EF05MA08', niveis: { naoDesenvolveu: 0, emDesenvolvimento: 3, desenvolveu: 1, desenvolveuPlenamente: 0 } }] });
  });

  it('says in Portuguese what is wrong before sending, and shows the server’s message when it refuses', async () => {
    const calls = answerFetch(() => ({ status: 409, body: { message: 'Esta avaliação ainda não foi concluída: registre os resultados depois que ela estiver pronta.' } }));
    renderWithClient(<ResultsForm avaliacao={avaliacao} />);
    fireEvent.click(screen.getByRole('button', { name: 'Salvar resultados' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Preencha os resultados de pelo menos uma habilidade.');
    fill('EF05MA03', ['1', '201', '0', '0']);
    expect(within(group('EF05MA03')).getByLabelText('Em desenvolvimento').getAttribute('aria-invalid')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Salvar resultados' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Habilidade EF05MA03: o número de estudantes em "em desenvolvimento" deve ser um inteiro de 0 a 200.');
    expect(calls).toHaveLength(0);

    fill('EF05MA03', ['1', '2', '0', '0']);
    fireEvent.click(screen.getByRole('button', { name: 'Salvar resultados' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Esta avaliação ainda não foi concluída: registre os resultados depois que ela estiver pronta.');
    expect(screen.getByRole('status').textContent).toBe('');
  });
});
