import { MSG, type PublicUser } from '@planejador/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { queryKeys } from '@/lib/query-keys';
import { answerFetch, renderWithClient } from '@/test/render';
import { ProfileForm } from './profile-form';

const user: PublicUser = {
  id: 'u1',
  email: 'carla@escola.rs.gov.br',
  firstName: null,
  lastName: null,
  profileImageUrl: null,
  credits: 35,
  role: 'teacher',
  emailVerificado: true,
  createdAt: '2026-11-25T10:00:00.000Z',
  updatedAt: '2026-11-25T10:00:00.000Z',
};

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Salvar Alterações' }));

describe('ProfileForm (Configurações)', () => {
  it('shows her e-mail and adds the name skipped at sign-up; the answer becomes the current user', async () => {
    const calls = answerFetch(({ body }) => ({ status: 200, body: { ...user, ...(body as object) } }));
    const { queryClient } = renderWithClient(<ProfileForm user={user} />);
    expect(screen.getByRole('heading', { name: 'Sua conta' })).toBeTruthy();
    expect(screen.getByText('carla@escola.rs.gov.br')).toBeTruthy();
    expect(field('Nome').value).toBe('');

    fireEvent.change(field('Nome'), { target: { value: '  Carla ' } });
    fireEvent.change(field('Sobrenome'), { target: { value: 'Mendes' } });
    save();

    await screen.findByText(MSG.userUpdated);
    expect(calls).toEqual([{ method: 'PATCH', url: '/api/auth/user', body: { firstName: 'Carla', lastName: 'Mendes' } }]);
    expect(queryClient.getQueryData<PublicUser>(queryKeys.currentUser)).toMatchObject({ firstName: 'Carla', lastName: 'Mendes' });
    expect(field('Nome').value).toBe('Carla');
  });

  it('says what is wrong under the field and sends nothing; a refusal shows the server message', async () => {
    const calls = answerFetch(() => ({ status: 400, body: { message: MSG.userFieldNotEditable } }));
    renderWithClient(<ProfileForm user={{ ...user, firstName: 'Carla' }} />);
    fireEvent.change(field('Sobrenome'), { target: { value: 'x'.repeat(101) } });
    save();
    await screen.findByText(MSG.nameTooLong);
    expect(field('Sobrenome').getAttribute('aria-invalid')).toBe('true');
    expect(calls).toEqual([]);

    fireEvent.change(field('Sobrenome'), { target: { value: 'Mendes' } });
    save();
    await screen.findByText(MSG.userFieldNotEditable);
    await waitFor(() => expect(calls).toHaveLength(1));
  });
});
