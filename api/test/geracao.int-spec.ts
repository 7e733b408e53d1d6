import type { GeracaoInfo } from '@planejador/contracts';
import { signUpTeacher, startSharedStack, type TestStack } from '@planejador/testing';

// GET /api/geracao tells who writes the lessons, to everyone: the landing and sign-in pages are signed out.
describe.each([
  ['offline', { ai: 'offline' }],
  ['openai', { ai: 'fake' }],
] as const)('GET /api/geracao (%s)', (generator, profile) => {
  let api: TestStack;
  beforeAll(async () => {
    api = await startSharedStack(profile);
  });
  afterAll(() => api?.close());

  it('answers a signed-out visitor and a signed-in teacher alike', async () => {
    const guest = await api.client().get<GeracaoInfo>('/api/geracao');
    expect(guest.status).toBe(200);
    expect(guest.body).toEqual({ generator });

    const { client } = await signUpTeacher(api);
    const signedIn = await client.get<GeracaoInfo>('/api/geracao');
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toEqual({ generator });
  });
});
