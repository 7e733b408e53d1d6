import { MSG, type PublicUser } from '@planejador/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { queryKeys } from '@/lib/query-keys';
import { answerFetch, deferred, renderWithClient, type FetchAnswer } from '@/test/render';
import { LoginForm } from './login-form';

const user = { id: 'u1', email: 'ana@escola.com', firstName: 'Ana' } as PublicUser;

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Entrar' }));

describe('LoginForm', () => {
  it('shows the schema messages in Portuguese on an empty submit, focuses the first invalid field and sends nothing', async () => {
    const calls = answerFetch(() => ({ status: 200, body: user }));
    renderWithClient(<LoginForm />);
    submit();

    expect(await screen.findByText(MSG.emailInvalid)).toBeTruthy();
    expect(screen.getByText(MSG.passwordRequired)).toBeTruthy();
    const email = screen.getByLabelText('Email');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(email.getAttribute('aria-describedby') ?? '')?.textContent).toBe(MSG.emailInvalid);
    expect(document.activeElement).toBe(email);
    expect(calls).toEqual([]);
  });

  it('after a submit, checks again only the field that changes', async () => {
    answerFetch(() => ({ status: 200, body: user }));
    renderWithClient(<LoginForm />);
    submit();
    await screen.findByText(MSG.emailInvalid);

    type('Email', 'ana@escola.com');
    await waitFor(() => expect(screen.queryByText(MSG.emailInvalid)).toBeNull());
    expect(screen.getByText(MSG.passwordRequired)).toBeTruthy();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBeNull();
  });

  it('posts the trimmed, lower-cased e-mail, shows "Entrando..." while waiting and keeps the user it answers', async () => {
    const answer = deferred<FetchAnswer>();
    const calls = answerFetch(() => answer.promise);
    const { queryClient } = renderWithClient(<LoginForm />);
    type('Email', '  Ana@Escola.COM ');
    type('Senha', 'segredo');
    submit();

    const pending = await screen.findByRole('button', { name: 'Entrando...' });
    expect((pending as HTMLButtonElement).disabled).toBe(true);
    expect(calls).toEqual([{ method: 'POST', url: '/api/login', body: { email: 'ana@escola.com', password: 'segredo' } }]);

    answer.resolve({ status: 200, body: user });
    expect(await screen.findByText('Login realizado com sucesso.')).toBeTruthy();
    expect(queryClient.getQueryData(queryKeys.currentUser)).toEqual(user);
    expect(((await screen.findByRole('button', { name: 'Entrar' })) as HTMLButtonElement).disabled).toBe(false);
  });

  it('tells wrong credentials apart from an expired session: the server message, no redirect', async () => {
    answerFetch(() => ({ status: 401, body: { statusCode: 401, message: MSG.invalidCredentials } }));
    renderWithClient(<LoginForm />);
    type('Email', 'ana@escola.com');
    type('Senha', 'errada');
    submit();

    expect(await screen.findByText('Erro no login')).toBeTruthy();
    expect(screen.getByText(MSG.invalidCredentials)).toBeTruthy();
    expect(screen.queryByText('Sessão Expirada')).toBeNull();
  });
});
