import OpenAI from 'openai';
import { anoLabel, avaliacaoHabilidadeSchema, RUBRICA_NIVEIS, type HabilidadeParcial } from '@planejador/contracts';
import { AiError, toAiError } from '../ai-error';
import { bankExampleLines } from '../bank-questions';
import { DEFAULT_MAX_TOKENS, type OpenAiGeneratorOptions } from '../openai-generator';
import { streamCompletion } from '../stream-completion';
import { silentLogger, type AiLogger } from '../types';
import { partialSkillAssessment, partialTextSize } from './partial-assessment';
import type { SkillAssessment, SkillAssessmentContext, SkillAssessmentWriteOptions, SkillAssessmentWriter } from './types';

export const ASSESSMENT_SCHEMA_NAME = 'avaliacao_habilidade';

/** The keys of the rubric in the answer, in RUBRICA_NIVEIS order. */
const RUBRICA_KEYS = ['naoDesenvolveu', 'emDesenvolvimento', 'desenvolveu', 'desenvolveuPlenamente'] as const;

/**
 * The answer's JSON schema (strict), stating every rule of the contract (avaliacaoHabilidadeSchema) that the strict
 * subset can state: exactly `questoes` questions, each either a multiple-choice question (`tipo` "multipla", exactly
 * 4 alternatives, `correta` 0 to 3) or an open one (`tipo` "aberta", the expected answer), as two anyOf branches;
 * and the rubric's 4 descriptors. What it cannot state (texts not empty once trimmed, alternatives distinct once
 * case and accents are folded, the length caps) the parser checks, and an answer off them is asked again.
 */
export function buildAssessmentJsonSchema(questoes: number) {
  const text = (description: string) => ({ type: 'string', description });
  const multipla = {
    type: 'object',
    additionalProperties: false,
    required: ['tipo', 'enunciado', 'alternativas', 'correta'],
    properties: {
      tipo: { type: 'string', const: 'multipla' },
      enunciado: text('Pergunta, em português.'),
      alternativas: { type: 'array', description: '4 alternativas diferentes entre si; uma só correta.', items: { type: 'string' }, minItems: 4, maxItems: 4 },
      correta: { type: 'integer', description: 'Posição da alternativa correta (0 a 3).', minimum: 0, maximum: 3 },
    },
  };
  const aberta = {
    type: 'object',
    additionalProperties: false,
    required: ['tipo', 'enunciado', 'respostaEsperada'],
    properties: {
      tipo: { type: 'string', const: 'aberta' },
      enunciado: text('Pergunta, em português.'),
      respostaEsperada: text('A resposta que o professor espera.'),
    },
  };
  return {
    type: 'object',
    additionalProperties: false,
    required: ['questoes', 'rubrica'],
    properties: {
      questoes: { type: 'array', minItems: questoes, maxItems: questoes, items: { anyOf: [multipla, aberta] } },
      rubrica: {
        type: 'object',
        additionalProperties: false,
        required: [...RUBRICA_KEYS],
        properties: Object.fromEntries(RUBRICA_KEYS.map((k, i) => [k, text(`Descritor observável do nível "${RUBRICA_NIVEIS[i]}".`)])),
      },
    },
  };
}

/**
 * The skill's questions of Planejador's question bank as examples of level and kind (decisions.md, "Questions that
 * check"): up to 2, one a line, cut short (bankExampleLines); the model writes new ones.
 */
function bankExamples(ctx: SkillAssessmentContext): string[] {
  const examples = bankExampleLines([{ code: ctx.skill.code, questoes: ctx.skill.questoes ?? [] }], ctx.variante ?? 0);
  if (examples.length === 0) return [];
  return ['Exemplos de questões do banco do Planejador para esta habilidade (mostram o nível e o tipo esperados; não os copie: escreva questões novas):', ...examples];
}

export function buildAssessmentMessages(ctx: SkillAssessmentContext): { role: 'system' | 'user'; content: string }[] {
  const objetos = ctx.skill.knowledgeObjects.length ? ctx.skill.knowledgeObjects.join('; ') : '(não informados)';
  return [
    {
      role: 'system',
      content:
        'Você é um professor experiente da rede estadual do Rio Grande do Sul. Escreve avaliações por habilidade da BNCC, ' +
        'em português do Brasil, claras e adequadas ao ano escolar. Responda só no formato JSON pedido.',
    },
    {
      role: 'user',
      content: [
        `Escreva ${ctx.questoes} questão(ões) para avaliar a habilidade ${ctx.skill.code} de ${ctx.materia}, ${anoLabel(ctx.ano)}, e uma rubrica de 4 níveis.`,
        `Habilidade (texto oficial): ${ctx.skill.description}`,
        `Unidade temática: ${ctx.skill.unit}`,
        `Objetos de conhecimento: ${objetos}`,
        'Questões: prefira múltipla escolha (tipo "multipla") com 4 alternativas diferentes entre si e uma só correta ' +
          '(correta = 0 a 3, varie a posição). Uma questão aberta (tipo "aberta") traz a resposta esperada.',
        ...bankExamples(ctx),
        `Rubrica: um descritor observável para cada nível (${RUBRICA_NIVEIS.join(', ')}), sobre esta habilidade.`,
      ].join('\n'),
    },
  ];
}

/** A question as the schema asks it: one of the two anyOf branches (anything else is left for the contract to refuse). */
type RawQuestao =
  | { tipo: 'multipla'; enunciado: string; alternativas: string[]; correta: number }
  | { tipo: 'aberta'; enunciado: string; respostaEsperada: string };

/**
 * Checks the answer as a teacher's edit is checked (texts trimmed); anything off the contract is an AiError 'schema'
 * (retried). Every question cites the skill being assessed.
 */
export function parseAssessmentAnswer(content: string, ctx: SkillAssessmentContext): SkillAssessment {
  let raw: { questoes?: unknown; rubrica?: unknown };
  try {
    raw = JSON.parse(content) as typeof raw;
  } catch (error) {
    throw new AiError('invalid-json', { cause: error, detail: (error as Error).message });
  }
  if (typeof raw !== 'object' || raw === null) throw new AiError('schema', { detail: 'resposta fora do formato' });
  const code = ctx.skill.code;
  const questoes = (Array.isArray(raw.questoes) ? (raw.questoes as RawQuestao[]) : []).map((q): unknown => {
    if (q?.tipo === 'multipla') return { tipo: 'multipla', enunciado: q.enunciado, alternativas: q.alternativas, correta: q.correta, habilidade: code };
    if (q?.tipo === 'aberta') return { tipo: 'aberta', enunciado: q.enunciado, respostaEsperada: q.respostaEsperada, habilidade: code };
    return q;
  });
  const levels = (typeof raw.rubrica === 'object' && raw.rubrica !== null ? raw.rubrica : {}) as Record<string, unknown>;
  const rubrica = RUBRICA_NIVEIS.map((nivel, i) => ({ nivel, descritor: levels[RUBRICA_KEYS[i]] }));
  const parsed = avaliacaoHabilidadeSchema.safeParse({ code, questoes, rubrica });
  if (!parsed.success) throw new AiError('schema', { detail: parsed.error.issues[0]?.message ?? 'resposta fora do formato' });
  if (parsed.data.questoes.length !== ctx.questoes) throw new AiError('schema', { detail: `esperadas ${ctx.questoes} questões` });
  return { questoes: parsed.data.questoes, rubrica: parsed.data.rubrica };
}

/**
 * Writes one skill's questions and rubric with an OpenAI-compatible endpoint and a strict JSON schema. With `onDelta`
 * the answer is streamed (as a lesson's) and its text so far reported as it grows; without it, asked whole.
 */
export class OpenAiAssessmentWriter implements SkillAssessmentWriter {
  readonly kind = 'openai' as const;
  private readonly client: OpenAI;
  private readonly logger: AiLogger;

  constructor(private readonly options: OpenAiGeneratorOptions) {
    // Retries are ours (retryAiCall), as for lessons.
    this.client = new OpenAI({ apiKey: options.apiKey, baseURL: options.baseURL, maxRetries: 0, timeout: options.timeoutMs + 1000 });
    this.logger = options.logger ?? silentLogger;
  }

  async write(ctx: SkillAssessmentContext, opts: SkillAssessmentWriteOptions = {}): Promise<SkillAssessment> {
    const started = Date.now();
    const timeout = AbortSignal.timeout(this.options.timeoutMs);
    const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;
    const request: OpenAI.Chat.Completions.ChatCompletionCreateParamsNonStreaming = {
      model: this.options.model,
      messages: buildAssessmentMessages(ctx),
      max_tokens: this.options.maxTokens ?? DEFAULT_MAX_TOKENS,
      response_format: { type: 'json_schema', json_schema: { name: ASSESSMENT_SCHEMA_NAME, strict: true, schema: buildAssessmentJsonSchema(ctx.questoes) } },
    };
    let answer: { content: string; finishReason: string | null; refusal: string | null; tokens?: number };
    try {
      answer = opts.onDelta ? await this.stream(request, signal, opts.onDelta) : await this.whole(request, signal);
    } catch (error) {
      if (timeout.aborted && !opts.signal?.aborted) throw new AiError('timeout', { cause: error, detail: `sem resposta em ${this.options.timeoutMs} ms` });
      throw error instanceof AiError ? error : toAiError(error);
    }
    if (answer.refusal) throw new AiError('refusal', { detail: answer.refusal.slice(0, 200) });
    if (answer.finishReason === 'length') throw new AiError('invalid-json', { detail: 'resposta cortada (finish_reason=length)' });
    const parsed = parseAssessmentAnswer(answer.content, ctx);
    this.logger.debug({ code: ctx.skill.code, ms: Date.now() - started, tokens: answer.tokens, streamed: Boolean(opts.onDelta) }, 'ai assessment answer');
    return parsed;
  }

  /** Streamed: the page reads the questions as the model writes them, reported only when their text grew. */
  private async stream(
    request: OpenAI.Chat.Completions.ChatCompletionCreateParamsNonStreaming,
    signal: AbortSignal,
    onDelta: (parcial: HabilidadeParcial) => void,
  ) {
    let shown = 0;
    return streamCompletion(this.client, request, signal, (content) => {
      const parcial = partialSkillAssessment(content);
      const size = partialTextSize(parcial);
      if (size <= shown) return;
      shown = size;
      onDelta(parcial);
    });
  }

  private async whole(request: OpenAI.Chat.Completions.ChatCompletionCreateParamsNonStreaming, signal: AbortSignal) {
    const completion = await this.client.chat.completions.create(request, { signal });
    const choice = completion.choices[0];
    if (!choice) throw new AiError('schema', { detail: 'resposta sem choices' });
    return { content: choice.message.content ?? '', finishReason: choice.finish_reason, refusal: choice.message.refusal ?? null, tokens: completion.usage?.total_tokens };
  }
}
