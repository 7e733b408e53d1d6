import OpenAI from 'openai';
import { AiError, toAiError } from './ai-error';
import { ANSWER_SCHEMA_NAME, buildAnswerJsonSchema, composeDraft, parseLessonAnswer } from './lesson-answer';
import { buildLessonMessages } from './lesson-prompt';
import { partialStringFields } from './partial-json';
import { redactLessonContext } from './redact-context';
import { streamCompletion } from './stream-completion';
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
    const request: OpenAI.Chat.Completions.ChatCompletionCreateParamsNonStreaming = {
      model: this.model,
      // Nothing personal leaves: the teacher's texts go out with names, documents and diagnoses replaced.
      messages: buildLessonMessages(redactLessonContext(ctx)),
      max_tokens: this.maxTokens,
      response_format: {
        type: 'json_schema',
        json_schema: { name: ANSWER_SCHEMA_NAME, strict: true, schema: buildAnswerJsonSchema(ctx) },
      },
    };
    let answerText: { content: string; finishReason: string | null; refusal: string | null; tokens?: number };
    try {
      if (opts.onDelta) {
        // Streaming: the page reads each field as the model writes it; what is stored is the whole answer below.
        const onDelta = opts.onDelta;
        // Only when the text grew: a chunk that only opens a field, or writes the codes or the questions, tells the
        // page nothing new (and an empty first delta would hold the first words back by the throttle's interval).
        let shown = 0;
        const streamed = await streamCompletion(this.client, request, signal, (content) => {
          const fields = partialStringFields(content);
          const size = Object.values(fields).reduce((sum, text) => sum + text.length, 0);
          if (size <= shown) return;
          shown = size;
          onDelta(fields);
        });
        answerText = streamed;
      } else {
        const completion = await this.client.chat.completions.create(request, { signal });
        const choice = completion.choices[0];
        if (!choice) throw new AiError('schema', { detail: 'resposta sem choices' });
        answerText = {
          content: choice.message.content ?? '',
          finishReason: choice.finish_reason,
          refusal: choice.message.refusal ?? null,
          tokens: completion.usage?.total_tokens,
        };
      }
    } catch (error) {
      if (timeout.aborted && !opts.signal?.aborted) {
        throw new AiError('timeout', { cause: error, detail: `sem resposta em ${this.timeoutMs} ms` });
      }
      throw error instanceof AiError ? error : toAiError(error);
    }
    if (answerText.refusal) throw new AiError('refusal', { detail: answerText.refusal.slice(0, 200) });
    if (answerText.finishReason === 'length') {
      throw new AiError('invalid-json', { detail: 'resposta cortada (finish_reason=length)' });
    }
    const answer = parseLessonAnswer(answerText.content, ctx);
    this.logger.debug(
      {
        aula: ctx.aula.numeroAula,
        codes: answer.habilidadeCodes,
        ms: Date.now() - started,
        tokens: answerText.tokens,
        streamed: Boolean(opts.onDelta),
      },
      'ai lesson answer',
    );
    return composeDraft(ctx, answer);
  }
}
