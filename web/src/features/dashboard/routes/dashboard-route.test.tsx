import type { PublicUser } from '@planejador/contracts';
import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { queryKeys } from '@/lib/query-keys';
import { answerFetch, renderWithClient } from '@/test/render';
import { DashboardRoute } from './dashboard-route';

const user = { id: 'u1', email: 'eva@escola.rs.gov.br', firstName: 'Eva', lastName: null, credits: 35, emailVerificado: true } as PublicUser;

/** The dashboard of a teacher with no plan yet, on an install whose generator is `generator`. */
async function dashboard(generator: 'openai' | 'offline') {
  answerFetch(({ url }) => {
    if (url === '/api/geracao') return { status: 200, body: { generator } };
    if (url === '/api/user/stats') return { status: 200, body: { turmas: 0, planos: 0, aulas: 0, mesAtual: 0 } };
    if (url.startsWith('/api/planos')) return { status: 200, body: [], headers: { 'X-Total-Count': '0' } };
    return { status: 200, body: [] };
  });
  const view = renderWithClient(
    <MemoryRouter>
      <DashboardRoute />
    </MemoryRouter>,
  );
  view.queryClient.setQueryData(queryKeys.currentUser, user);
  await screen.findByText('Nenhum plano criado ainda', undefined, { timeout: 5000 });
  return view;
}

describe('DashboardRoute', () => {
  it('promises no AI when none is set up: the plans are made from the BNCC', async () => {
    const view = await dashboard('offline');
    await screen.findByText(/os planos são montados a partir da BNCC/);
    expect(screen.getByRole('link', { name: /Gerar Novo Plano/ }).textContent).toContain('Monte um plano de aula a partir da BNCC');
    await screen.findByText('Monte o seu primeiro plano de aula a partir da BNCC em poucos minutos.');
    expect(view.container.textContent).not.toMatch(/\bIA\b/);
    // 'Cadastrar Turma' opens the new-class form.
    expect(screen.getByRole('link', { name: /Cadastrar Turma/ }).getAttribute('href')).toBe('/turmas?nova=1');
  });

  it('names the AI when one is set up', async () => {
    await dashboard('openai');
    await screen.findByText(/deixe a IA fazer o resto/);
    await screen.findByText('Gere o seu primeiro plano de aula com IA em poucos minutos.');
  });
});
