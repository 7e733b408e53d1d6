import { answerFetch } from '@/test/render';
import { errorText, http, HttpError, isHttpError, isUnauthorized, serverMessage } from './http';

describe('http', () => {
  it('sends JSON with the session cookie and reads the JSON answer', async () => {
    const calls = answerFetch(() => ({ status: 201, body: { id: 't1' } }));
    await expect(http.post('/api/turmas', { numero: '51' })).resolves.toEqual({ id: 't1' });
    expect(calls).toEqual([{ method: 'POST', url: '/api/turmas', body: { numero: '51' } }]);
    const init = (globalThis.fetch as jest.Mock).mock.calls[0][1] as RequestInit;
    expect(init.credentials).toBe('include');
    expect(init.headers).toMatchObject({ Accept: 'application/json', 'Content-Type': 'application/json' });
  });

  it('an empty answer (204) is undefined', async () => {
    answerFetch(() => ({ status: 204 }));
    await expect(http.delete('/api/turmas/t1')).resolves.toBeUndefined();
  });

  it("a refusal keeps its status and the spec's message form, and the server's Portuguese message", async () => {
    answerFetch(() => ({ status: 409, body: { statusCode: 409, message: 'Este email já está cadastrado' } }));
    const error = await http.post('/api/register', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).message).toBe('409: {"statusCode":409,"message":"Este email já está cadastrado"}');
    expect(isHttpError(error, 409)).toBe(true);
    expect(isUnauthorized(error)).toBe(false);
    expect(serverMessage(error)).toBe('Este email já está cadastrado');
    expect(errorText(error, 'Falha ao realizar cadastro')).toBe('Este email já está cadastrado');
  });

  it('falls back when the body is not our JSON error or the network failed', () => {
    expect(new HttpError(502, '', 'Bad Gateway').message).toBe('502: Bad Gateway');
    expect(errorText(new HttpError(502, '<html>proxy</html>', 'Bad Gateway'), 'Falha ao carregar turmas')).toBe('Falha ao carregar turmas');
    expect(errorText(new HttpError(400, '{"message":""}', 'Bad Request'), 'Falha')).toBe('Falha');
    expect(errorText(new TypeError('Failed to fetch'), 'Falha ao carregar turmas')).toBe('Falha ao carregar turmas');
    expect(isUnauthorized(new HttpError(401, '', 'Unauthorized'))).toBe(true);
  });
});
