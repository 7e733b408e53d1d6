/** Builds a chat.completion answer that matches the request's response_format JSON schema. */

type JsonSchema = {
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  minimum?: number;
};

export interface ChatRequestBody {
  model?: string;
  messages?: { role?: string; content?: unknown }[];
  response_format?: { type?: string; json_schema?: { name?: string; schema?: JsonSchema } };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The text of every message (string contents and text parts), joined: what "match" steps look at. */
export function messagesText(body: unknown): string {
  if (!isRecord(body) || !Array.isArray(body.messages)) return '';
  const parts: string[] = [];
  for (const message of body.messages) {
    if (!isRecord(message)) continue;
    const content = message.content;
    if (typeof content === 'string') parts.push(content);
    else if (Array.isArray(content)) {
      for (const part of content) if (isRecord(part) && typeof part.text === 'string') parts.push(part.text);
    }
  }
  return parts.join('\n');
}

/** The teacher's lesson description when the prompt quotes it between """, else the prompt's start. */
function lessonSnippet(text: string): string {
  const quoted = /"""\s*([\s\S]*?)\s*"""/.exec(text)?.[1];
  const source = (quoted ?? text).replace(/\s+/g, ' ').trim();
  return source.length > 120 ? `${source.slice(0, 117)}...` : source;
}

function firstType(type: JsonSchema['type']): string | undefined {
  if (Array.isArray(type)) return type.find((t) => t !== 'null');
  return type;
}

/**
 * The default answer to a schema: the first choice wherever there is one (the first anyOf branch, the first enum
 * value), the const, the fewest items allowed (at least 1), the minimum, and texts naming their field.
 */
function fill(schema: JsonSchema, key: string, snippet: string): unknown {
  if (Array.isArray(schema.anyOf) && schema.anyOf.length > 0) return fill(schema.anyOf[0], key, snippet);
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  switch (firstType(schema.type)) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [name, child] of Object.entries(schema.properties ?? {})) out[name] = fill(child, name, snippet);
      return out;
    }
    case 'array': {
      const items = schema.items ?? { type: 'string' };
      const count = Math.max(1, schema.minItems ?? 1);
      if (Array.isArray(items.enum) && items.enum.length > 0) return items.enum.slice(0, count);
      // Items told apart by their position (a verificação's alternatives must be distinct).
      return Array.from({ length: count }, (_, i) => fill(items, count > 1 ? `${key} ${i + 1}` : key, snippet));
    }
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return `Texto de teste para "${key}" da aula: ${snippet}`;
  }
}

/** The message content the fake model answers by default. */
export function defaultContent(body: ChatRequestBody): string {
  const text = messagesText(body);
  const snippet = lessonSnippet(text);
  const schema = body.response_format?.type === 'json_schema' ? body.response_format.json_schema?.schema : undefined;
  if (!schema) return `Resposta de teste do servidor de IA falso: ${snippet}`;
  return JSON.stringify(fill(schema, 'resposta', snippet));
}

let completionCounter = 0;

export function chatCompletion(model: string, content: string, promptText: string) {
  completionCounter += 1;
  const promptTokens = Math.ceil(promptText.length / 4);
  const completionTokens = Math.ceil(content.length / 4);
  return {
    id: `chatcmpl-fake-${completionCounter}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content, refusal: null },
        logprobs: null,
        finish_reason: 'stop',
      },
    ],
    usage: { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens },
  };
}

const ERROR_TYPES: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  403: 'permission_denied',
  404: 'not_found_error',
  429: 'rate_limit_exceeded',
};

export function errorBody(status: number) {
  return {
    error: {
      message: `Erro ${status} simulado pelo servidor de IA falso`,
      type: ERROR_TYPES[status] ?? (status >= 500 ? 'server_error' : 'invalid_request_error'),
      param: null,
      code: null,
    },
  };
}

/**
 * A scripted answer object completed to the request's schema: the fields the step leaves out take the default
 * answer's (a test scripting the texts and codes need not write the title or the verificação); the default
 * questions are tied to the step's first skill code, so the answer stays valid. Not an object, or no schema: as is.
 */
export function scriptedContent(body: ChatRequestBody, content: unknown): string {
  if (typeof content === 'string') return content;
  const schema = body.response_format?.type === 'json_schema' ? body.response_format.json_schema?.schema : undefined;
  if (!schema || !isRecord(content)) return JSON.stringify(content);
  const defaults = JSON.parse(defaultContent(body)) as Record<string, unknown>;
  const merged: Record<string, unknown> = { ...defaults, ...content };
  const code = Array.isArray(content.habilidades) ? content.habilidades[0] : undefined;
  const check = merged.verificacao;
  if (!('verificacao' in content) && typeof code === 'string' && isRecord(check) && Array.isArray(check.questoes)) {
    merged.verificacao = { questoes: check.questoes.map((q: unknown) => (isRecord(q) && 'habilidade' in q ? { ...q, habilidade: code } : q)) };
  }
  return JSON.stringify(merged);
}
