import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { ThemeProvider } from '@/lib/theme';
import { answerFetch, deferred, renderWithClient, type FetchAnswer } from '@/test/render';
import { LandingRoute } from './landing-route';

const AI_PROMISE = /\bIA\b|inteligência artificial/i;

/** The landing page for a signed-out visitor; GET /api/geracao answered by `geracao`. */
function landing(geracao: () => FetchAnswer | Promise<FetchAnswer>) {
  const calls = answerFetch(({ url }) => {
    if (url === '/api/geracao') return geracao();
    if (url === '/api/auth/user') return { status: 200 }; // signed out, asked as an empty 200
    return { status: 404 };
  });
  const view = renderWithClient(
    <MemoryRouter>
      <ThemeProvider>
        <LandingRoute />
      </ThemeProvider>
    </MemoryRouter>,
  );
  return { ...view, calls };
}

describe('LandingRoute', () => {
  it('promises no AI when none is set up: the plans are built from the BNCC', async () => {
    const { container, calls } = landing(() => ({ status: 200, body: { generator: 'offline' } }));
    await screen.findByText('Fazer Login');
    expect(calls.some((c) => c.url === '/api/geracao')).toBe(true);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Planos de aula a partir da BNCC, em minutos');
    expect(screen.getByText('para montar o plano a partir da BNCC')).toBeTruthy();
    expect(container.textContent).not.toMatch(AI_PROMISE);
  });

  it('promises no AI while it is not known yet', async () => {
    const held = deferred<FetchAnswer>();
    const { container } = landing(() => held.promise);
    await screen.findByText('Fazer Login');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Planos de aula a partir da BNCC, em minutos');
    expect(container.textContent).not.toMatch(AI_PROMISE);
    held.resolve({ status: 200, body: { generator: 'offline' } });
  });

  it('names the AI when one is set up', async () => {
    landing(() => ({ status: 200, body: { generator: 'openai' } }));
    await screen.findByText('Planos de aula com IA,', { exact: false });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Planos de aula com IA, alinhados à BNCC, em minutos');
    expect(screen.getByText('para a IA gerar o plano')).toBeTruthy();
    expect(screen.getByText('A IA preenche habilidades, objetivos, objetos, experiências e evidências.')).toBeTruthy();
  });
});
