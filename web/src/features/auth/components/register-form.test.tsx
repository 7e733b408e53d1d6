import { MSG, type PublicUser } from '@planejador/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { answerFetch, renderWithClient } from '@/test/render';
import { RegisterForm } from './register-form';

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Criar Conta' }));
/** Types the account's e-mail, password and confirmation, then submits. */
const submitAccount = (email: string, password: string, confirmation: string) => {
  type('Email', email);
  type('Senha', password);
  type('Confirmar Senha', confirmation);
  submit();
};
const errorOf = (label: string) => {
  const describedBy = screen.getByLabelText(label).getAttribute('aria-describedby');
  return describedBy ? document.getElementById(describedBy)?.textContent : undefined;
};

describe('RegisterForm', () => {
  it('requires e-mail, password and its confirmation (names are optional), in Portuguese', async () => {
    const calls = answerFetch(() => ({ status: 201 }));
    renderWithClient(<RegisterForm />);
    submit();

    await screen.findByText(MSG.emailRequired);
    expect(errorOf('Email')).toBe(MSG.emailRequired);
    expect(errorOf('Senha')).toBe(MSG.passwordMin);
    expect(errorOf('Confirmar Senha')).toBe(MSG.confirmPasswordMin);
    expect(errorOf('Nome')).toBeUndefined();
    expect(errorOf('Sobrenome')).toBeUndefined();
    // The first invalid field in the form's order takes the focus.
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));
    expect(calls).toEqual([]);
  });

  it('says the passwords do not match on the confirmation field, and clears it once they do', async () => {
    const calls = answerFetch(() => ({ status: 201 }));
    renderWithClient(<RegisterForm />);
    submitAccount('ana@escola.com', 'segredo1', 'segredo2');

    await screen.findByText(MSG.passwordsDontMatch);
    expect(errorOf('Confirmar Senha')).toBe(MSG.passwordsDontMatch);
    expect(screen.getByLabelText('Confirmar Senha').getAttribute('aria-invalid')).toBe('true');
    expect(errorOf('Senha')).toBeUndefined();
    expect(document.activeElement).toBe(screen.getByLabelText('Confirmar Senha'));
    expect(calls).toEqual([]);

    type('Confirmar Senha', 'segredo1');
    await waitFor(() => expect(screen.queryByText(MSG.passwordsDontMatch)).toBeNull());
  });

  it('an invalid e-mail and a short password get their own messages', async () => {
    answerFetch(() => ({ status: 201 }));
    renderWithClient(<RegisterForm />);
    submitAccount('ana@', '123', '123');

    await screen.findByText(MSG.emailInvalid);
    expect(errorOf('Senha')).toBe(MSG.passwordMin);
    expect(errorOf('Confirmar Senha')).toBe(MSG.confirmPasswordMin);
  });

  it('posts the account (names trimmed, empty names left out) and shows the success', async () => {
    const user = { id: 'u1', email: 'ana@escola.com', firstName: 'Ana' } as PublicUser;
    const calls = answerFetch(() => ({ status: 201, body: user }));
    renderWithClient(<RegisterForm />);
    type('Nome', ' Ana ');
    submitAccount('Ana@Escola.com', 'segredo1', 'segredo1');

    expect(await screen.findByText('Cadastro realizado com sucesso.')).toBeTruthy();
    expect(calls).toEqual([
      {
        method: 'POST',
        url: '/api/register',
        body: { email: 'ana@escola.com', password: 'segredo1', confirmPassword: 'segredo1', firstName: 'Ana' },
      },
    ]);
  });

  it("shows the server's reason when the account cannot be created (e-mail taken)", async () => {
    answerFetch(() => ({ status: 409, body: { statusCode: 409, message: MSG.emailTaken } }));
    renderWithClient(<RegisterForm />);
    submitAccount('ana@escola.com', 'segredo1', 'segredo1');

    expect(await screen.findByText('Erro no cadastro')).toBeTruthy();
    expect(screen.getByText(MSG.emailTaken)).toBeTruthy();
    expect(((await screen.findByRole('button', { name: 'Criar Conta' })) as HTMLButtonElement).disabled).toBe(false);
  });
});
