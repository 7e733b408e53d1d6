import OpenAI from 'openai';
import { AiError, toAiError } from './ai-error';
import { ANSWER_SCHEMA_NAME, buildAnswerJsonSchema, composeDraft, parseLessonAnswer } from './lesson-answer';
import { buildLessonMessages } from './lesson-prompt';
import { silentLogger, type AiLogger, type GenerateOptions, type LessonContext, type LessonDraft, type LessonGenerator } from './types';

export interface OpenAiGeneratorOptions {
  apiKey: string;
  /** Any OpenAI-compatible endpoint; the official API when absent. */
  baseURL?: string;
  model: string;
  /** Time-out of one HTTP call, in milliseconds. */
  timeoutMs: number;
  /** Bound of each answer's length (max_tokens): a runaway answer costs at most this. */
  maxTokens?: number;
  logger?: AiLogger;
}

/** Default bound of one lesson's answer: the longest level-5 lesson takes about 1,500 tokens. */
export const DEFAULT_MAX_TOKENS = 3000;

/** Writes a lesson with an OpenAI-compatible chat-completions endpoint and a strict JSON schema. */
export class OpenAiLessonGenerator implements LessonGenerator {
  readonly kind = 'openai' as const;
  private readonly client: OpenAI;
  private readonly model: string;
  private readonly logger: AiLogger;
  private readonly timeoutMs: number;
  private readonly maxTokens: number;

  constructor(options: OpenAiGeneratorOptions) {
    // Retries are ours (generateWithRetry): the client's own would hide failures and double the waits.
    this.client = new OpenAI({
      apiKey: options.apiKey,
      baseURL: options.baseURL,
      maxRetries: 0,
      // Our own signal below times the call out first; this is only a backstop.
      timeout: options.timeoutMs + 1000,
    });
    this.timeoutMs = options.timeoutMs;
    this.maxTokens = options.maxTokens ?? DEFAULT_MAX_TOKENS;
    this.model = options.model;
    this.logger = options.logger ?? silentLogger;
  }

  async generate(ctx: LessonContext, opts: GenerateOptions = {}): Promise<LessonDraft> {
    const started = Date.now();
    // Our own time-out signal tells a time-out from other connection errors on every runtime.
    const timeout = AbortSignal.timeout(this.timeoutMs);
    const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;
    let completion: OpenAI.Chat.Completions.ChatCompletion;
    try {
      completion = await this.client.chat.completions.create(
        {
          model: this.model,
          messages: buildLessonMessages(ctx),
          max_tokens: this.maxTokens,
          response_format: {
            type: 'json_schema',
            json_schema: { name: ANSWER_SCHEMA_NAME, strict: true, schema: buildAnswerJsonSchema(ctx) },
          },
        },
        { signal },
      );
    } catch (error) {
      if (timeout.aborted && !opts.signal?.aborted) {
        throw new AiError('timeout', { cause: error, detail: `sem resposta em ${this.timeoutMs} ms` });
      }
      throw toAiError(error);
    }
    const choice = completion.choices[0];
    if (!choice) throw new AiError('schema', { detail: 'resposta sem choices' });
    if (choice.message.refusal) throw new AiError('refusal', { detail: choice.message.refusal.slice(0, 200) });
    if (choice.finish_reason === 'length') {
      throw new AiError('invalid-json', { detail: 'resposta cortada (finish_reason=length)' });
    }
    const answer = parseLessonAnswer(choice.message.content ?? '', ctx);
    this.logger.debug(
      {
        aula: ctx.aula.numeroAula,
        codes: answer.habilidadeCodes,
        ms: Date.now() - started,
        tokens: completion.usage?.total_tokens,
      },
      'ai lesson answer',
    );
    return composeDraft(ctx, answer);
  }
}
