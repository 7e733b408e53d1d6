import { MSG, type PublicUser } from '@planejador/contracts';
import { fireEvent, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { ThemeProvider } from '@/lib/theme';
import { answerFetch, renderWithClient, type FetchAnswer } from '@/test/render';
import { VerifyEmailRoute } from './verify-email-route';

const teacher = { id: 'user-1', email: 'ana@example.com', firstName: 'Ana', emailVerificado: true } as PublicUser;

/** The page for `/verificar-email?token=...`, with what the api answers to the link and to GET /api/auth/user. */
function openLink(answers: { verify: FetchAnswer; user: FetchAnswer }, query = '?token=abc') {
  const calls = answerFetch((call) => (call.url === '/api/auth/verify-email' ? answers.verify : answers.user));
  renderWithClient(
    <ThemeProvider>
      <MemoryRouter initialEntries={[`/verificar-email${query}`]}>
        <VerifyEmailRoute />
      </MemoryRouter>
    </ThemeProvider>,
  );
  return calls;
}

/** Presses the page's button, as the person does: the link is sent only then. */
async function pressConfirm() {
  fireEvent.click(await screen.findByRole('button', { name: 'Confirmar e-mail' }));
}

// How the api answers a link already used (or expired, or unknown): 400 with the one message.
const used: FetchAnswer = { status: 400, body: { message: MSG.verifyEmailTokenInvalid } };

describe('VerifyEmailRoute', () => {
  it('never confirms on load (mail scanners open links): only when the button is pressed, once', async () => {
    const calls = openLink({ verify: { status: 200, body: { message: MSG.verifyEmailSuccess } }, user: { status: 200, body: teacher } });
    expect(await screen.findByRole('heading', { name: 'Confirme seu e-mail' })).toBeTruthy();
    // The page has settled (the signed-in user was read) without sending the link.
    await screen.findByRole('button', { name: 'Confirmar e-mail' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.filter((c) => c.url === '/api/auth/verify-email')).toEqual([]);
    await pressConfirm();
    expect(await screen.findByRole('heading', { name: 'E-mail confirmado!' })).toBeTruthy();
    expect(calls.filter((c) => c.url === '/api/auth/verify-email')).toEqual([{ method: 'POST', url: '/api/auth/verify-email', body: { token: 'abc' } }]);
  });

  it('tells a signed-in user whose address is already confirmed that it is, when the link was used before', async () => {
    const calls = openLink({ verify: used, user: { status: 200, body: teacher } });
    await pressConfirm();
    expect(await screen.findByRole('heading', { name: 'E-mail confirmado!' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(MSG.verifyEmailAlready);
    expect(screen.getByRole('link', { name: 'Ir para o Dashboard' }).getAttribute('href')).toBe('/dashboard');
    expect(screen.queryByRole('heading', { name: 'Link inválido ou expirado' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    // The link was sent once, as before: the server's answer is unchanged.
    expect(calls.filter((c) => c.url === '/api/auth/verify-email')).toEqual([{ method: 'POST', url: '/api/auth/verify-email', body: { token: 'abc' } }]);
  });

  it('says so too when a confirmed user opens the page without a token', async () => {
    openLink({ verify: used, user: { status: 200, body: teacher } }, '');
    expect(await screen.findByRole('heading', { name: 'E-mail confirmado!' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(MSG.verifyEmailAlready);
  });

  it('offers a new link to a signed-in user whose address is not confirmed', async () => {
    openLink({ verify: used, user: { status: 200, body: { ...teacher, emailVerificado: false } } });
    await pressConfirm();
    expect(await screen.findByRole('heading', { name: 'Link inválido ou expirado' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(MSG.verifyEmailTokenInvalid);
    expect(screen.getByRole('button', { name: 'Reenviar e-mail' })).toBeTruthy();
  });

  it('sends a signed-out visitor to sign in for a new link', async () => {
    openLink({ verify: used, user: { status: 401, body: { message: MSG.unauthorized } } });
    await pressConfirm();
    expect(await screen.findByRole('heading', { name: 'Link inválido ou expirado' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(MSG.verifyEmailTokenInvalid);
    expect(screen.getByRole('link', { name: 'Voltar para o Login' })).toBeTruthy();
  });

  it('confirms the address with a valid link when the button is pressed', async () => {
    openLink({ verify: { status: 200, body: { message: MSG.verifyEmailSuccess } }, user: { status: 200, body: teacher } });
    await pressConfirm();
    expect(await screen.findByRole('heading', { name: 'E-mail confirmado!' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(MSG.verifyEmailSuccess);
  });
});
