import { MSG, type PublicUser } from '@planejador/contracts';
import { signUpTeacher, startSharedStack, type TestStack } from '@planejador/testing';

interface ErrorBody {
  message: string;
  issues?: { path: string; message: string }[];
}

describe('PATCH /api/auth/user: the teacher changes her own name on the settings page', () => {
  let api: TestStack;
  beforeAll(async () => {
    api = await startSharedStack({ ai: 'offline' });
  });
  afterAll(() => api?.close());

  it('answers 401 when signed out', async () => {
    const res = await api.client().request<ErrorBody>('PATCH', '/api/auth/user', { firstName: 'Ana' });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe(MSG.unauthorized);
  });

  it('adds a name skipped at sign-up, which GET /api/auth/user then carries; a name left out stays, an empty one clears', async () => {
    const { client, user, email } = await signUpTeacher(api, { firstName: '', lastName: '' });
    expect(user).toMatchObject({ firstName: null, lastName: null });

    const named = await client.request<PublicUser>('PATCH', '/api/auth/user', { firstName: '  Carla ', lastName: 'Mendes' });
    expect(named.status).toBe(200);
    expect(named.body).toMatchObject({ id: user.id, email, firstName: 'Carla', lastName: 'Mendes', credits: user.credits, role: 'teacher' });
    expect(JSON.stringify(named.body)).not.toContain('password');
    expect((await client.get<PublicUser>('/api/auth/user')).body).toMatchObject({ firstName: 'Carla', lastName: 'Mendes' });

    const onlyLast = await client.request<PublicUser>('PATCH', '/api/auth/user', { lastName: '' });
    expect(onlyLast.body).toMatchObject({ firstName: 'Carla', lastName: null });
    expect((await client.get<PublicUser>('/api/auth/user')).body).toMatchObject({ firstName: 'Carla', lastName: null });
  });

  it('refuses a bad name or any other field with a Portuguese 400 and changes nothing', async () => {
    const { client, user } = await signUpTeacher(api);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ firstName: 'x'.repeat(101) }, MSG.nameTooLong, 'firstName'],
      [{ lastName: 42 }, MSG.nameInvalid, 'lastName'],
      [{ firstName: 'Ana', credits: 1000 }, MSG.userFieldNotEditable, ''],
      [{ role: 'admin' }, MSG.userFieldNotEditable, ''],
      [{ email: 'outra@teste.dev' }, MSG.userFieldNotEditable, ''],
    ];
    for (const [body, message, path] of cases) {
      const res = await client.request<ErrorBody>('PATCH', '/api/auth/user', body);
      expect([JSON.stringify(body), res.status, res.body.message]).toEqual([JSON.stringify(body), 400, message]);
      expect(res.body.issues?.[0]?.path).toBe(path);
    }
    const after = (await client.get<PublicUser>('/api/auth/user')).body;
    expect(after).toMatchObject({ firstName: user.firstName, lastName: user.lastName, email: user.email, credits: user.credits, role: 'teacher' });
  });

  it("changes only the signed-in teacher's own account", async () => {
    const ana = await signUpTeacher(api, { firstName: 'Ana' });
    const bia = await signUpTeacher(api, { firstName: 'Bia' });
    await ana.client.request('PATCH', '/api/auth/user', { firstName: 'Ana Paula' });
    expect((await bia.client.get<PublicUser>('/api/auth/user')).body.firstName).toBe('Bia');
    expect((await ana.client.get<PublicUser>('/api/auth/user')).body.firstName).toBe('Ana Paula');
  });
});
