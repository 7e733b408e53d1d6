import type { Verificacao } from '@planejador/contracts';
import { render, screen } from '@testing-library/react';
import { VerificacaoEditor, VerificacaoView } from './verificacao';

const pontos: Verificacao = {
  questoes: [1, 2, 3].map((n) => ({
    tipo: 'aberta',
    enunciado: `Como a criança participa da roda ${n}?`,
    respostaEsperada: `Observar se a criança expressa ideias ${n}`,
    habilidade: 'EI03EF01',
  })),
};

describe('points to observe (infantil)', () => {
  it('shows each point with what to look for', () => {
    render(<VerificacaoView verificacao={pontos} kind="observacao" />);
    expect(screen.getAllByText('O que observar:')).toHaveLength(3);
    expect(screen.queryByText('Resposta esperada:')).toBeNull();
  });

  it('edits points without a choice of type, named as points', () => {
    render(<VerificacaoEditor numeroAula={1} codes={['EI03EF01']} verificacao={pontos} kind="observacao" readOnly={false} onChange={() => undefined} />);
    expect(screen.getByRole('group', { name: 'Ponto de observação 1' })).toBeTruthy();
    expect(screen.getByLabelText('O que procurar no ponto 2')).toBeTruthy();
    expect(screen.queryByLabelText(/Tipo da questão/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Adicionar ponto de observação' })).toBeTruthy();
  });

  it('keeps questions for the other stages', () => {
    render(<VerificacaoView verificacao={pontos} />);
    expect(screen.getAllByText('Resposta esperada:')).toHaveLength(3);
  });
});
