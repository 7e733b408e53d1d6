import { MSG, SIGNED_OUT_OK_HEADER, type PublicUser } from '@planejador/contracts';
import { signUpTeacher, startSharedStack, type TestStack } from '@planejador/testing';

describe('GET /api/auth/user for a guest', () => {
  let api: TestStack;
  beforeAll(async () => {
    api = await startSharedStack({ ai: 'offline' });
  });
  afterAll(() => api?.close());

  it('signed out is 401, or an empty 200 when the request asks for it (the web, so guests log no error)', async () => {
    const guest = api.client();
    const plain = await guest.get<{ message: string }>('/api/auth/user');
    expect(plain.status).toBe(401);
    expect(plain.body.message).toBe(MSG.unauthorized);
    const asked = await guest.get('/api/auth/user', { [SIGNED_OUT_OK_HEADER]: '1' });
    expect(asked.status).toBe(200);
    expect(asked.text).toBe('');

    const { client, user } = await signUpTeacher(api);
    expect((await client.get<PublicUser>('/api/auth/user', { [SIGNED_OUT_OK_HEADER]: '1' })).body).toMatchObject({ id: user.id });
  });
});
