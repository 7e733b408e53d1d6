import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';

export type AiErrorKind =
  | 'rate-limit'
  | 'server'
  | 'timeout'
  | 'network'
  | 'invalid-json'
  | 'schema'
  | 'unknown-code'
  | 'refusal'
  | 'auth'
  | 'bad-request'
  | 'aborted'
  | 'budget'
  | 'too-long'
  | 'unknown';

/** Messages a teacher may read on the plan page when generation fails. */
export const AI_USER_MESSAGES: Record<AiErrorKind, string> = {
  'rate-limit': 'O serviço de IA está sobrecarregado (limite de requisições). Tente novamente mais tarde.',
  server: 'O serviço de IA está indisponível no momento (erro no servidor). Tente novamente mais tarde.',
  timeout: 'O serviço de IA demorou demais para responder. Tente novamente mais tarde.',
  network: 'Não foi possível conectar ao serviço de IA. Tente novamente mais tarde.',
  'invalid-json': 'O serviço de IA devolveu uma resposta inválida. Tente novamente mais tarde.',
  schema: 'O serviço de IA devolveu uma resposta incompleta. Tente novamente mais tarde.',
  'unknown-code':
    'O serviço de IA indicou habilidades que não existem na BNCC para este ano e matéria. Tente novamente mais tarde.',
  refusal: 'O serviço de IA não quis escrever esta aula. Revise a descrição da aula e tente novamente.',
  auth: 'O serviço de IA recusou as credenciais configuradas. Avise o administrador do sistema.',
  'bad-request': 'O serviço de IA recusou o pedido (configuração inválida). Avise o administrador do sistema.',
  aborted: 'A geração da aula foi cancelada.',
  budget:
    'Esta aula atingiu o limite de tentativas com o serviço de IA. Use "Gerar novamente" na aula para tentar de novo, sem custo.',
  'too-long': 'O texto gerado passaria de 20.000 caracteres ou 300 linhas num campo da aula e não foi guardado.',
  unknown: 'Ocorreu um erro inesperado ao gerar a aula. Tente novamente mais tarde.',
};

const RETRYABLE: Record<AiErrorKind, boolean> = {
  'rate-limit': true,
  server: true,
  timeout: true,
  network: true,
  'invalid-json': true,
  schema: true,
  'unknown-code': true,
  refusal: true,
  auth: false,
  'bad-request': false,
  aborted: false,
  budget: false,
  'too-long': false,
  unknown: false,
};

export interface AiErrorOptions {
  /** Technical detail for logs (never shown to the teacher, never the API key). */
  detail?: string;
  status?: number;
  /** Wait the provider asked for (Retry-After), in milliseconds. */
  retryAfterMs?: number;
  cause?: unknown;
  /** The teacher's message when it says more than the kind's (for example which field passed the caps). */
  userMessage?: string;
}

export class AiError extends Error {
  readonly kind: AiErrorKind;
  readonly retryable: boolean;
  readonly userMessage: string;
  readonly status?: number;
  readonly retryAfterMs?: number;

  constructor(kind: AiErrorKind, options: AiErrorOptions = {}) {
    super(options.detail ? `${kind}: ${options.detail}` : kind, { cause: options.cause });
    this.name = 'AiError';
    this.kind = kind;
    this.retryable = RETRYABLE[kind];
    this.userMessage = options.userMessage ?? AI_USER_MESSAGES[kind];
    this.status = options.status;
    this.retryAfterMs = options.retryAfterMs;
  }
}

/** Reads Retry-After-Ms / Retry-After (seconds or an HTTP date) into milliseconds. */
export function parseRetryAfter(headers: Headers | undefined, now = Date.now()): number | undefined {
  if (!headers) return undefined;
  const ms = Number.parseFloat(headers.get('retry-after-ms') ?? '');
  if (Number.isFinite(ms) && ms >= 0) return ms;
  const raw = headers.get('retry-after');
  if (!raw) return undefined;
  const seconds = Number.parseFloat(raw);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(raw);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

export function statusKind(status: number): AiErrorKind {
  if (status === 429) return 'rate-limit';
  if (status === 401 || status === 403) return 'auth';
  // 408 and 409 are transient on OpenAI-compatible servers (their own SDK retries them).
  if (status === 408) return 'timeout';
  if (status === 409 || status >= 500) return 'server';
  return 'bad-request';
}

/** Turns whatever the openai client (or our own checks) threw into an AiError. */
export function toAiError(error: unknown): AiError {
  if (error instanceof AiError) return error;
  if (error instanceof APIUserAbortError) return new AiError('aborted', { cause: error });
  if (error instanceof APIConnectionTimeoutError) return new AiError('timeout', { cause: error, detail: error.message });
  if (error instanceof APIConnectionError) return new AiError('network', { cause: error, detail: error.message });
  if (error instanceof APIError && typeof error.status === 'number') {
    return new AiError(statusKind(error.status), {
      cause: error,
      status: error.status,
      detail: error.message,
      retryAfterMs: parseRetryAfter(error.headers),
    });
  }
  if (error instanceof SyntaxError) return new AiError('invalid-json', { cause: error, detail: error.message });
  const detail = error instanceof Error ? error.message : String(error);
  return new AiError('unknown', { cause: error, detail });
}
