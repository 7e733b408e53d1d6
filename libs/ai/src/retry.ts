import { AiError, toAiError } from './ai-error';
import { silentLogger, type AiLogger, type GenerateOptions, type LessonContext, type LessonDraft, type LessonGenerator } from './types';

export interface RetryInfo {
  /** The attempt that failed (1-based). */
  attempt: number;
  error: AiError;
  /** Wait before the next attempt. */
  delayMs: number;
}

export interface RetryOptions {
  /** Total attempts, the first included (>= 1). */
  attempts: number;
  /** First backoff; doubles on each retry, with jitter. */
  baseDelayMs: number;
  /** Time-out of each attempt. */
  timeoutMs: number;
  /** Longest backoff (default 30 s). */
  maxDelayMs?: number;
  /** Longest wait honoured from a Retry-After header (default 60 s). */
  maxRetryAfterMs?: number;
  /** Cancels the whole generation (no further attempts). */
  signal?: AbortSignal;
  /**
   * Streaming: the text fields written so far by the current attempt (each attempt starts again from nothing, so
   * what a broken attempt showed is replaced by the next one's text).
   */
  onDelta?: GenerateOptions['onDelta'];
  onRetry?: (info: RetryInfo) => void;
  /**
   * Runs before each attempt (1-based); throwing stops the lesson with that error, as a spent budget of AI calls
   * does (an AiError 'budget'). It is not an attempt's failure: nothing is retried after it. An error that is not
   * an AiError (the database behind the budget is down) is passed on as it is: it is not the AI's failure.
   */
  beforeAttempt?: (attempt: number) => Promise<void> | void;
  logger?: AiLogger;
  /** For tests: a source of jitter in [0, 1). */
  random?: () => number;
}


/** Exponential backoff with "equal jitter", raised to the provider's Retry-After (capped). */
export function retryDelayMs(attempt: number, error: AiError, options: RetryOptions): number {
  const maxDelay = options.maxDelayMs ?? 30_000;
  const exponential = Math.min(maxDelay, options.baseDelayMs * 2 ** (attempt - 1));
  const random = options.random ?? Math.random;
  const backoff = Math.round(exponential / 2 + (random() * exponential) / 2);
  if (error.retryAfterMs === undefined) return backoff;
  return Math.max(backoff, Math.min(error.retryAfterMs, options.maxRetryAfterMs ?? 60_000));
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new AiError('aborted'));
    const onAbort = () => {
      clearTimeout(timer);
      reject(new AiError('aborted'));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** One attempt bounded by its own time-out, even if the call ignores the signal. */
async function attemptOnce<T>(run: (signal: AbortSignal) => Promise<T>, timeoutMs: number, outer?: AbortSignal): Promise<T> {
  const controller = new AbortController();
  const onOuterAbort = () => controller.abort(outer?.reason);
  outer?.addEventListener('abort', onOuterAbort, { once: true });
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(new AiError('timeout', { detail: `sem resposta em ${timeoutMs} ms` }));
      controller.abort();
    }, timeoutMs);
  });
  try {
    return await Promise.race([run(controller.signal), timedOut]);
  } catch (error) {
    if (outer?.aborted) throw new AiError('aborted', { cause: error });
    if (controller.signal.aborted) throw new AiError('timeout', { cause: error, detail: `sem resposta em ${timeoutMs} ms` });
    throw toAiError(error);
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener('abort', onOuterAbort);
  }
}

/**
 * Generates one lesson, retrying retryable failures (429, 5xx, time-outs, network errors, invalid or
 * off-schema answers, unknown skill codes) with backoff. Throws the last AiError when it gives up.
 */
export function generateWithRetry(generator: LessonGenerator, ctx: LessonContext, options: RetryOptions): Promise<LessonDraft> {
  return retryAiCall((signal) => generator.generate(ctx, { signal, onDelta: options.onDelta }), options, { aula: ctx.aula.numeroAula }, 'ai lesson');
}

/**
 * Any AI call under the same rules: each attempt bounded by its time-out, retryable failures tried again with
 * backoff up to `attempts`, `beforeAttempt` (a budget) asked first. `logFields` name the call in the logs.
 */
export async function retryAiCall<T>(
  run: (signal: AbortSignal) => Promise<T>,
  options: RetryOptions,
  logFields: Record<string, unknown>,
  label: string,
): Promise<T> {
  const attempts = Math.max(1, Math.floor(options.attempts));
  const logger = options.logger ?? silentLogger;
  for (let attempt = 1; ; attempt++) {
    if (options.beforeAttempt) {
      try {
        await options.beforeAttempt(attempt);
      } catch (thrown) {
        if (!(thrown instanceof AiError)) throw thrown;
        logger.warn({ ...logFields, attempt, kind: thrown.kind, err: thrown.message }, `${label} stopped before its attempt`);
        throw thrown;
      }
    }
    try {
      return await attemptOnce(run, options.timeoutMs, options.signal);
    } catch (thrown) {
      const error = toAiError(thrown);
      if (!error.retryable || attempt >= attempts) {
        logger.warn({ ...logFields, attempt, kind: error.kind, status: error.status, err: error.message }, `${label} failed`);
        throw error;
      }
      const delayMs = retryDelayMs(attempt, error, options);
      logger.info({ ...logFields, attempt, kind: error.kind, status: error.status, delayMs }, `${label} retry`);
      options.onRetry?.({ attempt, error, delayMs });
      await sleep(delayMs, options.signal);
    }
  }
}
