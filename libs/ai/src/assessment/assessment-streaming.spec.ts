// Starts the repo's fake OpenAI-compatible server (real HTTP on a free port) and drives the real openai client.
// eslint-disable-next-line planejador/package-entry-only -- the fake AI server alone: @planejador/testing's entry loads the ORM, Playwright and the SMTP server (about 5 s more for this unit spec)
import { startFakeAi, type FakeAi } from '../../../testing/src/fake-ai';
import type { HabilidadeParcial } from '@planejador/contracts';
import { AiError } from '../ai-error';
import { retryAiCall } from '../retry';
import { OpenAiAssessmentWriter } from './openai-assessment';
import { partialJsonValue, partialSkillAssessment, partialTextSize } from './partial-assessment';
import type { SkillAssessmentContext } from './types';

/** Issue 36: an assessment's skill streamed like a lesson, its text so far reported as readable questions. */

const ctx: SkillAssessmentContext = {
  ano: '5',
  materia: 'Matemática',
  skill: { code: 'EF05MA03', description: '(EF05MA03) Identificar e representar frações.', unit: 'Números', knowledgeObjects: ['Frações'] },
  questoes: 2,
};

const ANSWER = {
  questoes: [
    { tipo: 'multipla', enunciado: 'Qual fração representa "metade" de uma pizza?', alternativas: ['1/2', '1/3', '2/3', '3/4'], correta: 0, respostaEsperada: 'Metade é 1 de 2 partes.' },
    { tipo: 'aberta', enunciado: 'Explique com um desenho o que é 3/4.', alternativas: [], correta: 0, respostaEsperada: 'Um todo em 4 partes iguais, 3 pintadas.' },
  ],
  rubrica: { naoDesenvolveu: 'Não reconhece frações.', emDesenvolvimento: 'Reconhece com apoio.', desenvolveu: 'Representa frações sozinho.', desenvolveuPlenamente: 'Representa e explica.' },
};

let fake: FakeAi;
let writer: OpenAiAssessmentWriter;

beforeAll(async () => {
  fake = await startFakeAi();
  writer = new OpenAiAssessmentWriter({ apiKey: 'sk-test-not-a-real-key-123', baseURL: fake.url, model: 'fake-model', timeoutMs: 5000 });
});
afterEach(() => fake.reset());
afterAll(() => fake.close());

describe('OpenAiAssessmentWriter streaming against the fake server', () => {
  it('asks for a stream and reports the questions and rubric as they grow, never the same text twice; the answer is the parsed whole', async () => {
    // 5 tokens (20 characters) a chunk: many chunks.
    fake.script({ content: ANSWER, tokensPerSecond: 100 });
    const deltas: HabilidadeParcial[] = [];
    const written = await writer.write(ctx, { onDelta: (parcial) => deltas.push(structuredClone(parcial)) });

    expect((fake.calls[0].body as { stream?: boolean }).stream).toBe(true);
    expect(fake.calls[0].outcome).toBe('answer');
    expect(written.questoes.map((q) => q.enunciado)).toEqual(ANSWER.questoes.map((q) => q.enunciado));
    expect(written.rubrica.map((r) => r.descritor)).toEqual(Object.values(ANSWER.rubrica));

    expect(deltas.length).toBeGreaterThan(10);
    const sizes = deltas.map(partialTextSize);
    expect(sizes[0]).toBeGreaterThan(0);
    for (let i = 1; i < sizes.length; i++) expect(sizes[i]).toBeGreaterThan(sizes[i - 1]);
    // Readable text, never raw JSON: the first words of the first question, then the whole skill.
    expect(ANSWER.questoes[0].enunciado.startsWith(deltas[0].questoes[0].enunciado)).toBe(true);
    const last = deltas[deltas.length - 1];
    expect(last.questoes).toEqual([
      { tipo: 'multipla', enunciado: ANSWER.questoes[0].enunciado, alternativas: ANSWER.questoes[0].alternativas, respostaEsperada: '' },
      { tipo: 'aberta', enunciado: ANSWER.questoes[1].enunciado, alternativas: [], respostaEsperada: ANSWER.questoes[1].respostaEsperada },
    ]);
    expect(last.rubrica).toEqual(written.rubrica);
    expect(JSON.stringify(deltas)).not.toContain('\\"tipo');
  });

  it('without onDelta the answer is asked whole (no stream)', async () => {
    fake.script({ content: ANSWER });
    const written = await writer.write(ctx);
    expect((fake.calls[0].body as { stream?: boolean }).stream).toBeUndefined();
    expect(written.questoes).toHaveLength(2);
  });

  it('a stream cut halfway is a retryable network failure; the next attempt streams again from nothing and is the answer', async () => {
    fake.script({ content: ANSWER, tokensPerSecond: 400, cutStreamAfter: 120 }, { content: ANSWER, tokensPerSecond: 400 });
    const deltas: HabilidadeParcial[] = [];
    const kinds: string[] = [];
    const written = await retryAiCall((signal) => writer.write(ctx, { signal, onDelta: (p) => deltas.push(p) }), {
      attempts: 2,
      baseDelayMs: 1,
      timeoutMs: 5000,
      onRetry: (info) => kinds.push(info.error.kind),
    }, {}, 'test');
    expect(kinds).toEqual(['network']);
    expect(fake.calls.map((c) => c.outcome)).toEqual(['stream-cut', 'answer']);
    expect(written.questoes).toHaveLength(2);
    // The second attempt's first report starts again from its first words.
    const restart = deltas.findIndex((d, i) => i > 0 && partialTextSize(d) < partialTextSize(deltas[i - 1]));
    expect(restart).toBeGreaterThan(0);
  });

  it('a streamed answer off the contract is refused as a schema error (retried by the caller), after its text was shown', async () => {
    fake.script({ content: { ...ANSWER, questoes: [ANSWER.questoes[0]] } });
    const deltas: HabilidadeParcial[] = [];
    const error = await writer.write(ctx, { onDelta: (p) => deltas.push(p) }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AiError);
    expect(error).toMatchObject({ retryable: true });
    expect(deltas.length).toBeGreaterThan(0);
  });
});

describe('a JSON answer read as it arrives', () => {
  it('keeps strings cut mid-way, closes arrays and objects, leaves out a number that may still grow', () => {
    expect(partialJsonValue('{"a":"ol')).toEqual({ a: 'ol' });
    expect(partialJsonValue('{"a":["x","y')).toEqual({ a: ['x', 'y'] });
    expect(partialJsonValue('{"a":1')).toEqual({});
    expect(partialJsonValue('{"a":12,"b":tr')).toEqual({ a: 12 });
    expect(partialJsonValue('{"a":"\\u00e9\\u00')).toEqual({ a: 'é' });
    expect(partialJsonValue('{"a":"x\\')).toEqual({ a: 'x' });
    expect(partialJsonValue('{"ke')).toEqual({});
    expect(partialJsonValue('')).toBeUndefined();
    expect(partialJsonValue(JSON.stringify(ANSWER))).toEqual(ANSWER);
  });

  it('every prefix of an answer gives a skill whose texts are prefixes of the whole answer', () => {
    const whole = JSON.stringify(ANSWER, null, 1);
    const final = partialSkillAssessment(whole);
    let previous = 0;
    for (let end = 0; end <= whole.length; end++) {
      const parcial = partialSkillAssessment(whole.slice(0, end));
      const size = partialTextSize(parcial);
      expect(size).toBeGreaterThanOrEqual(previous);
      previous = size;
      parcial.questoes.forEach((q, i) => {
        expect(final.questoes[i].enunciado.startsWith(q.enunciado)).toBe(true);
        q.alternativas.forEach((a, j) => expect(final.questoes[i].alternativas[j].startsWith(a)).toBe(true));
      });
      parcial.rubrica.forEach((r, i) => expect(final.rubrica[i]).toEqual({ nivel: r.nivel, descritor: expect.stringMatching(new RegExp(`^${r.descritor.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`)) }));
    }
    expect(final.rubrica.map((r) => r.nivel)).toEqual(['não desenvolveu', 'em desenvolvimento', 'desenvolveu', 'desenvolveu plenamente']);
  });

  it('anything but an object is an empty skill', () => {
    expect(partialSkillAssessment('[1,2')).toEqual({ questoes: [], rubrica: [] });
    expect(partialSkillAssessment('nada')).toEqual({ questoes: [], rubrica: [] });
  });
});
