import OpenAI from 'openai';
import { anoLabel, avaliacaoHabilidadeSchema, RUBRICA_NIVEIS, type HabilidadeParcial, type Questao } from '@planejador/contracts';
import { AiError, toAiError } from '../ai-error';
import { DEFAULT_MAX_TOKENS, type OpenAiGeneratorOptions } from '../openai-generator';
import { streamCompletion } from '../stream-completion';
import { silentLogger, type AiLogger } from '../types';
import { partialSkillAssessment, partialTextSize } from './partial-assessment';
import type { SkillAssessment, SkillAssessmentContext, SkillAssessmentWriteOptions, SkillAssessmentWriter } from './types';

export const ASSESSMENT_SCHEMA_NAME = 'avaliacao_habilidade';

/** The keys of the rubric in the answer, in RUBRICA_NIVEIS order. */
const RUBRICA_KEYS = ['naoDesenvolveu', 'emDesenvolvimento', 'desenvolveu', 'desenvolveuPlenamente'] as const;

/** The answer's JSON schema (strict): exactly `questoes` questions and the 4 descriptors. */
export function buildAssessmentJsonSchema(questoes: number) {
  const text = { type: 'string' };
  return {
    type: 'object',
    additionalProperties: false,
    required: ['questoes', 'rubrica'],
    properties: {
      questoes: {
        type: 'array',
        minItems: questoes,
        maxItems: questoes,
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['tipo', 'enunciado', 'alternativas', 'correta', 'respostaEsperada'],
          properties: {
            tipo: { type: 'string', enum: ['multipla', 'aberta'] },
            enunciado: text,
            alternativas: { type: 'array', items: text },
            correta: { type: 'integer', minimum: 0, maximum: 3 },
            respostaEsperada: text,
          },
        },
      },
      rubrica: {
        type: 'object',
        additionalProperties: false,
        required: [...RUBRICA_KEYS],
        properties: Object.fromEntries(RUBRICA_KEYS.map((k) => [k, text])),
      },
    },
  };
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
        'Questões: prefira múltipla escolha com 4 alternativas diferentes e uma correta (correta = 0 a 3, varie a posição); ' +
          'em questão de múltipla escolha, respostaEsperada explica por que a alternativa é a certa. Uma questão aberta tem ' +
          'alternativas vazias, correta 0 e a resposta esperada.',
        `Rubrica: um descritor observável para cada nível (${RUBRICA_NIVEIS.join(', ')}), sobre esta habilidade.`,
      ].join('\n'),
    },
  ];
}

interface RawQuestao {
  tipo: string;
  enunciado: string;
  alternativas: string[];
  correta: number;
  respostaEsperada: string;
}

/** Checks the answer as a teacher's edit is checked; anything off the contract is an AiError 'schema' (retried). */
export function parseAssessmentAnswer(content: string, ctx: SkillAssessmentContext): SkillAssessment {
  let raw: { questoes?: RawQuestao[]; rubrica?: Record<string, string> };
  try {
    raw = JSON.parse(content) as typeof raw;
  } catch (error) {
    throw new AiError('invalid-json', { cause: error, detail: (error as Error).message });
  }
  const code = ctx.skill.code;
  const questoes: Questao[] = (raw.questoes ?? []).map((q) =>
    q.tipo === 'multipla'
      ? { tipo: 'multipla', enunciado: q.enunciado, alternativas: q.alternativas as [string, string, string, string], correta: q.correta as 0 | 1 | 2 | 3, habilidade: code }
      : { tipo: 'aberta', enunciado: q.enunciado, respostaEsperada: q.respostaEsperada, habilidade: code },
  );
  const rubrica = RUBRICA_NIVEIS.map((nivel, i) => ({ nivel, descritor: raw.rubrica?.[RUBRICA_KEYS[i]] ?? '' }));
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
