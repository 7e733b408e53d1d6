// Starts the repo's fake OpenAI-compatible server (real HTTP on a free port) and drives the real openai client.
// eslint-disable-next-line planejador/package-entry-only -- the fake AI server alone: @planejador/testing's entry loads the ORM, Playwright and the SMTP server (about 5 s more for this unit spec)
import { startFakeAi, type FakeAi } from '../../testing/src/fake-ai';
import { AiError } from './ai-error';
import { englishYear3Lesson, FRACTION_SKILLS, fractionAnswer, fractionLesson } from './__tests__/lesson-context.fixture';
import { createLessonGenerator } from './lesson-generator.factory';
import { OpenAiLessonGenerator } from './openai-generator';
import { generateWithRetry, type RetryInfo, type RetryOptions } from './retry';
import type { AiLogger } from './types';

const API_KEY = 'sk-test-not-a-real-key-123';
let fake: FakeAi;
let generator: OpenAiLessonGenerator;

beforeAll(async () => {
  fake = await startFakeAi();
  generator = new OpenAiLessonGenerator({ apiKey: API_KEY, baseURL: fake.url, model: 'fake-model', timeoutMs: 5000 });
});
afterEach(() => fake.reset());
afterAll(() => fake.close());

const text = {
  experiencias: '1. Dividir a pizza de papel em partes iguais.\n2. Marcar as frações na reta.',
};

/** A whole answer citing these codes (its questions tied to the first). */
const answer = (codes: string[]) => ({ ...fractionAnswer({ habilidades: codes, ...text }, 4, codes[0] ?? '') });

function retryOptions(overrides: Partial<RetryOptions> = {}): RetryOptions & { retries: RetryInfo[] } {
  const retries: RetryInfo[] = [];
  return { attempts: 4, baseDelayMs: 10, timeoutMs: 3000, onRetry: (info) => retries.push(info), retries, ...overrides };
}

async function failure(promise: Promise<unknown>): Promise<AiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AiError) return error;
    throw error;
  }
  throw new Error('the generation did not fail');
}

type RequestBody = {
  model: string;
  messages: { role: string; content: string }[];
  response_format: { type: string; json_schema: { name: string; strict: boolean; schema: { properties: Record<string, unknown> } } };
};

describe('OpenAiLessonGenerator against the fake server', () => {
  it('sends a strict JSON schema and writes the official text of the chosen code itself', async () => {
    fake.script({ content: answer(['EF05MA04']) });
    const draft = await generateWithRetry(generator, fractionLesson(), retryOptions());

    expect(draft.habilidadeCodes).toEqual(['EF05MA04']);
    expect(draft.habilidades).toBe('(EF05MA04) Identificar frações equivalentes.');
    // The model picked EF05MA03's object, which EF05MA04 does not have: the cited skill's own closest object instead.
    expect(draft.objetosConhecimento).toBe(FRACTION_SKILLS[1].knowledgeObjects[0]);
    expect(draft.titulo).toBe('Frações com pizza de papel');
    expect(draft.verificacao?.questoes).toHaveLength(4);
    expect(draft.experiencias).toBe(text.experiencias);

    expect(fake.calls).toHaveLength(1);
    const body = fake.calls[0].body as RequestBody;
    expect(fake.calls[0].authorization).toBe(true);
    expect(body.model).toBe('fake-model');
    expect(body.response_format.type).toBe('json_schema');
    expect(body.response_format.json_schema.strict).toBe(true);
    expect(body.response_format.json_schema.schema.properties.habilidades).toMatchObject({
      items: { enum: FRACTION_SKILLS.map((s) => s.code) },
      minItems: 1,
      maxItems: 1,
    });
    expect(body.messages[1].content).toContain('Descrição desta aula feita pelo professor');
  });

  it('streams the text fields only when they grew: never an empty delta, never the same text twice', async () => {
    // 10 tokens (40 characters) a chunk: many chunks only open a field or write the codes and the questions.
    fake.script({ content: answer(['EF05MA04']), tokensPerSecond: 200 });
    const deltas: Record<string, string>[] = [];
    const draft = await generator.generate(fractionLesson(), { onDelta: (fields) => deltas.push(fields) });

    const sizes = deltas.map((fields) => Object.values(fields).join('').length);
    expect(sizes[0]).toBeGreaterThan(0);
    for (let i = 1; i < sizes.length; i++) expect(sizes[i]).toBeGreaterThan(sizes[i - 1]);
    expect(deltas[deltas.length - 1].experiencias).toBe(draft.experiencias);
    expect(deltas[0].titulo).toBe(draft.titulo!.slice(0, deltas[0].titulo!.length));
  });

  it("uses the fake server's default answer (first code of the enum)", async () => {
    const draft = await generator.generate(fractionLesson());
    expect(draft.habilidadeCodes).toEqual(['EF05MA03']);
    expect(draft.habilidades).toBe(`(EF05MA03) ${FRACTION_SKILLS[0].description}`);
    expect(draft.objetivos).toContain('Dividir uma pizza de papel');
  });

  it('retries an answer with an invented code and never returns it', async () => {
    fake.script({ content: answer(['EF99XX99']) });
    const options = retryOptions();
    const draft = await generateWithRetry(generator, fractionLesson(), options);

    expect(draft.habilidadeCodes).toEqual(['EF05MA03']);
    expect(draft.habilidades).not.toContain('EF99XX99');
    expect(options.retries.map((r) => r.error.kind)).toEqual(['unknown-code']);
    expect(fake.calls).toHaveLength(2);
  });

  it('gives up with a retryable error when every answer invents codes', async () => {
    fake.script({ content: answer(['EF99XX99']), times: 3 });
    const error = await failure(generateWithRetry(generator, fractionLesson(), retryOptions({ attempts: 3 })));
    expect(error).toMatchObject({ kind: 'unknown-code', retryable: true });
    expect(error.userMessage).toContain('habilidades que não existem na BNCC');
    expect(fake.calls).toHaveLength(3);
  });

  it('waits for Retry-After on 429, then succeeds', async () => {
    fake.script({ status: 429, headers: { 'retry-after': '1' } });
    const options = retryOptions({ maxRetryAfterMs: 5000 });
    const started = Date.now();
    const draft = await generateWithRetry(generator, fractionLesson(), options);

    expect(draft.habilidadeCodes).toEqual(['EF05MA03']);
    expect(options.retries).toHaveLength(1);
    expect(options.retries[0].error).toMatchObject({ kind: 'rate-limit', status: 429, retryAfterMs: 1000 });
    expect(options.retries[0].delayMs).toBe(1000);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(fake.calls.map((c) => c.outcome)).toEqual(['status 429', 'answer']);
  });

  it('retries two 500s, then succeeds', async () => {
    fake.script({ status: 500, times: 2 });
    const options = retryOptions();
    const draft = await generateWithRetry(generator, fractionLesson(), options);
    expect(draft.habilidadeCodes).toEqual(['EF05MA03']);
    expect(options.retries.map((r) => r.error.kind)).toEqual(['server', 'server']);
    expect(fake.calls).toHaveLength(3);
  });

  it('reports the rate limit in Portuguese when 429 never ends', async () => {
    fake.script({ status: 429, times: 3 });
    const error = await failure(generateWithRetry(generator, fractionLesson(), retryOptions({ attempts: 3 })));
    expect(error.userMessage).toBe(
      'O serviço de IA está sobrecarregado (limite de requisições). Tente novamente mais tarde.',
    );
  });

  it('retries an answer that is not JSON', async () => {
    fake.script({ badJson: true });
    const options = retryOptions();
    const draft = await generateWithRetry(generator, fractionLesson(), options);
    expect(draft.habilidadeCodes).toEqual(['EF05MA03']);
    expect(options.retries.map((r) => r.error.kind)).toEqual(['invalid-json']);
  });

  it('retries a dropped connection as a network error', async () => {
    fake.script({ drop: true });
    const options = retryOptions();
    await generateWithRetry(generator, fractionLesson(), options);
    expect(options.retries.map((r) => r.error.kind)).toEqual(['network']);
  });

  it('times out a server that never answers, with a retryable error', async () => {
    fake.script({ hang: true, times: 2 });
    const started = Date.now();
    const error = await failure(generateWithRetry(generator, fractionLesson(), retryOptions({ attempts: 2, timeoutMs: 200 })));
    expect(error).toMatchObject({ kind: 'timeout', retryable: true });
    expect(error.userMessage).toBe('O serviço de IA demorou demais para responder. Tente novamente mais tarde.');
    expect(fake.calls.map((c) => c.outcome)).toEqual(['hang', 'hang']);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("turns the client's own time-out into a retryable time-out error", async () => {
    const quick = new OpenAiLessonGenerator({ apiKey: API_KEY, baseURL: fake.url, model: 'fake-model', timeoutMs: 150 });
    fake.script({ hang: true });
    const error = await failure(quick.generate(fractionLesson()));
    expect(error).toMatchObject({ kind: 'timeout', retryable: true });
  });

  it('recovers when a hung call is followed by a good one', async () => {
    fake.script({ hang: true });
    const options = retryOptions({ timeoutMs: 200 });
    const draft = await generateWithRetry(generator, fractionLesson(), options);
    expect(draft.habilidadeCodes).toEqual(['EF05MA03']);
    expect(options.retries.map((r) => r.error.kind)).toEqual(['timeout']);
  });

  it('does not retry 401', async () => {
    fake.script({ status: 401 });
    const options = retryOptions();
    const error = await failure(generateWithRetry(generator, fractionLesson(), options));
    expect(error).toMatchObject({ kind: 'auth', retryable: false, status: 401 });
    expect(error.userMessage).toContain('Avise o administrador');
    expect(options.retries).toHaveLength(0);
    expect(fake.calls).toHaveLength(1);
  });

  it('asks before each attempt and stops, without calling the AI, once the budget says no', async () => {
    fake.script({ status: 500, times: 10 });
    const asked: number[] = [];
    const options = retryOptions({
      beforeAttempt: (attempt) => {
        asked.push(attempt);
        if (attempt > 2) throw new AiError('budget', { detail: 'limite de chamadas da aula' });
      },
    });
    const error = await failure(generateWithRetry(generator, fractionLesson(), options));
    expect(error).toMatchObject({ kind: 'budget', retryable: false });
    expect(error.userMessage).toContain('limite de tentativas');
    expect(asked).toEqual([1, 2, 3]);
    expect(fake.calls).toHaveLength(2);
  });

  it('passes on, unchanged and without calling the AI, an error of the step before an attempt that is not the AI\'s', async () => {
    fake.script({ status: 500, times: 10 });
    const down = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const options = retryOptions({
      beforeAttempt: (attempt) => {
        if (attempt > 1) throw down;
      },
    });
    await expect(generateWithRetry(generator, fractionLesson(), options)).rejects.toBe(down);
    expect(fake.calls).toHaveLength(1);
  });

  it.each([400, 403, 404])('does not retry %i', async (status) => {
    fake.script({ status });
    const error = await failure(generateWithRetry(generator, fractionLesson(), retryOptions()));
    expect(error.retryable).toBe(false);
    expect(fake.calls).toHaveLength(1);
  });

  it('keeps exactly one skill with limitOneSkill, retrying an answer with two', async () => {
    fake.script({ content: answer(['EF05MA03', 'EF05MA04']) });
    const options = retryOptions();
    const draft = await generateWithRetry(generator, fractionLesson(), options);
    expect(draft.habilidadeCodes).toEqual(['EF05MA03']);
    expect(options.retries.map((r) => r.error.kind)).toEqual(['schema']);
  });

  it('accepts up to three skills without limitOneSkill', async () => {
    const ctx = fractionLesson({ plano: { limitOneSkill: false } });
    fake.script({ content: answer(['EF05MA03', 'EF05MA05']) });
    const draft = await generator.generate(ctx);
    expect(draft.habilidadeCodes).toEqual(['EF05MA03', 'EF05MA05']);
    expect(draft.habilidades.split('\n')).toEqual([
      `(EF05MA03) ${FRACTION_SKILLS[0].description}`,
      `(EF05MA05) ${FRACTION_SKILLS[2].description}`,
    ]);
    const body = fake.calls[0].body as RequestBody;
    expect(body.response_format.json_schema.schema.properties.habilidades).toMatchObject({ minItems: 1, maxItems: 3 });
  });

  it('writes English year 3 without codes, saying the BNCC has none', async () => {
    const draft = await generateWithRetry(generator, englishYear3Lesson(), retryOptions());
    expect(draft.habilidadeCodes).toEqual([]);
    expect(draft.habilidades).toBe('A BNCC não define habilidades de Língua Inglesa para o 3º ano.');
    expect(draft.objetivos).toContain('Ensinar as cores em inglês');
    const body = fake.calls[0].body as RequestBody;
    expect(Object.keys(body.response_format.json_schema.schema.properties)).toEqual([
      'titulo',
      'objetivos',
      'objetosConhecimento',
      'experiencias',
      'evidencias',
      'verificacao',
    ]);
    expect(draft.verificacao?.questoes.map((q) => q.habilidade)).toEqual(['', '', '', '']);
  });

  it('scripts one lesson among parallel lessons by matching its prompt', async () => {
    const lessons = [1, 2, 3].map((n) =>
      fractionLesson({ aula: { numeroAula: n, prompt: `Atividade ${n}: frações com a pizza de papel` } }),
    );
    fake.script({ match: 'Atividade 2:', status: 500 });
    const options = retryOptions();
    const drafts = await Promise.all(lessons.map((ctx) => generateWithRetry(generator, ctx, options)));
    expect(drafts.map((d) => d.habilidadeCodes)).toEqual([['EF05MA03'], ['EF05MA03'], ['EF05MA03']]);
    expect(options.retries).toHaveLength(1);
    const failed = fake.calls.filter((c) => c.outcome === 'status 500');
    expect(failed).toHaveLength(1);
    expect(failed[0].text).toContain('Atividade 2:');
  });

  it('stops retrying when the caller cancels', async () => {
    fake.script({ status: 503, times: 10 });
    const controller = new AbortController();
    const options = retryOptions({ attempts: 10, baseDelayMs: 200, signal: controller.signal });
    setTimeout(() => controller.abort(), 100);
    const error = await failure(generateWithRetry(generator, fractionLesson(), options));
    expect(error).toMatchObject({ kind: 'aborted', retryable: false });
    expect(fake.calls.length).toBeLessThan(3);
  });
});

describe('createLessonGenerator', () => {
  function recordingLogger(): AiLogger & { lines: string[] } {
    const lines: string[] = [];
    const log = (obj: object, msg?: string) => lines.push(JSON.stringify({ ...obj, msg }));
    return { lines, debug: log, info: log, warn: log, error: log };
  }

  it('uses the OpenAI-compatible endpoint when a key is set, without logging the key', async () => {
    const logger = recordingLogger();
    const gen = createLessonGenerator(
      { OPENAI_API_KEY: API_KEY, OPENAI_BASE_URL: fake.url, OPENAI_MODEL: 'fake-model', OPENAI_TIMEOUT_MS: 5000 },
      logger,
    );
    expect(gen.kind).toBe('openai');
    fake.script({ status: 500 });
    await generateWithRetry(gen, fractionLesson(), retryOptions({ logger }));
    expect(fake.calls).toHaveLength(2);
    expect(logger.lines.length).toBeGreaterThan(0);
    expect(logger.lines.join('\n')).not.toContain(API_KEY);
  });

  it('falls back to the offline drafter without a key', async () => {
    const gen = createLessonGenerator({ OPENAI_API_KEY: undefined, OPENAI_MODEL: 'gpt-4o-mini', OPENAI_TIMEOUT_MS: 5000 });
    expect(gen.kind).toBe('offline');
    const draft = await generateWithRetry(gen, fractionLesson(), retryOptions());
    expect(draft.habilidadeCodes).toEqual(['EF05MA03']);
    expect(fake.calls).toHaveLength(0);
  });
});
