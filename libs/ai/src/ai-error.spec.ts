import { AiError, parseRetryAfter, statusKind } from './ai-error';
import { fractionLesson } from './__tests__/lesson-context.fixture';
import { retryDelayMs } from './retry';

describe('AiError', () => {
  it('classifies HTTP statuses: 429, 5xx and 408 retry; 400, 401, 403 and 404 do not', () => {
    const retryable = (status: number) => new AiError(statusKind(status)).retryable;
    expect([429, 500, 502, 503, 408, 409].map(retryable)).toEqual([true, true, true, true, true, true]);
    expect([400, 401, 403, 404, 422].map(retryable)).toEqual([false, false, false, false, false]);
  });

  it('carries a Portuguese message for the teacher', () => {
    expect(new AiError('rate-limit').userMessage).toBe(
      'O serviço de IA está sobrecarregado (limite de requisições). Tente novamente mais tarde.',
    );
    expect(new AiError('auth').userMessage).toContain('Avise o administrador');
  });
});

describe('parseRetryAfter', () => {
  it('reads seconds, milliseconds and HTTP dates', () => {
    expect(parseRetryAfter(new Headers({ 'retry-after': '2' }))).toBe(2000);
    expect(parseRetryAfter(new Headers({ 'retry-after-ms': '150', 'retry-after': '9' }))).toBe(150);
    const now = Date.parse('2026-11-22T12:00:00Z');
    expect(parseRetryAfter(new Headers({ 'retry-after': 'Sun, 22 Nov 2026 12:00:05 GMT' }), now)).toBe(5000);
    expect(parseRetryAfter(new Headers({}))).toBeUndefined();
  });
});

describe('retryDelayMs', () => {
  const options = { attempts: 5, baseDelayMs: 100, timeoutMs: 1000, maxDelayMs: 1000, maxRetryAfterMs: 3000 };

  it('doubles with jitter between half and all of the step, up to the cap', () => {
    const err = new AiError('server');
    expect(retryDelayMs(1, err, { ...options, random: () => 0 })).toBe(50);
    expect(retryDelayMs(1, err, { ...options, random: () => 0.999 })).toBe(100);
    expect(retryDelayMs(3, err, { ...options, random: () => 0 })).toBe(200);
    expect(retryDelayMs(10, err, { ...options, random: () => 0.999 })).toBe(1000);
  });

  it('waits as long as Retry-After asks, capped', () => {
    expect(retryDelayMs(1, new AiError('rate-limit', { retryAfterMs: 2000 }), options)).toBe(2000);
    expect(retryDelayMs(1, new AiError('rate-limit', { retryAfterMs: 90_000 }), options)).toBe(3000);
  });

  it('uses the fixture (keeps it type-checked)', () => {
    expect(fractionLesson().candidates.length).toBeGreaterThan(0);
  });
});
