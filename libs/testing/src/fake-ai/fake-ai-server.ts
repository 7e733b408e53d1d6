import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chatCompletion, defaultContent, errorBody, messagesText, scriptedContent, type ChatRequestBody } from './fake-answer';

/**
 * One scripted behaviour. Steps are used in order: each call takes the first pending step that applies to it
 * (a step with `match` applies only to calls whose messages contain that text). Calls with no applicable step
 * get the default answer. Fields combine: `{ delayMs: 200, status: 500 }` answers 500 after 200 ms.
 */
export interface FakeAiStep {
  /** Only calls whose messages contain this text (or match this pattern) use the step. */
  match?: string | RegExp;
  /** How many calls the step answers (default 1). */
  times?: number;
  /** Extra wait before answering; alone, a normal answer arrives late. */
  delayMs?: number;
  /** Answer this HTTP status (with an OpenAI-style error body unless `body` is given). */
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** Answer 200 with message content that is not JSON. */
  badJson?: boolean;
  /** Never answer (the client's time-out must fire). */
  hang?: boolean;
  /**
   * Answer only once the test calls release() (then after the latency and delay, as usual): a lesson kept in
   * progress for exactly as long as the test looks at it, instead of a delay long enough for the slowest machine.
   */
  hold?: boolean;
  /** Close the connection without an answer (a network error). */
  drop?: boolean;
  /** Answer 200 with this message content (an object is sent as JSON), e.g. an invented skill code. */
  content?: unknown;
  /** A streamed answer (stream: true) is cut after this many characters of its content (a broken stream). */
  cutStreamAfter?: number;
  /** A streamed answer's pace for this call (tokens a second), instead of the server's. */
  tokensPerSecond?: number;
}

export interface FakeAiCall {
  id: number;
  method: string;
  path: string;
  /** Parsed JSON body (undefined when it was not JSON). */
  body: unknown;
  /**
   * The text of every message of the request, without the plan's lesson list (matchableText): what steps match and
   * tests look for is the lesson's own request. The whole request is in `body`.
   */
  text: string;
  authorization: boolean;
  receivedAt: number;
  /** When a streamed answer's first content chunk went out (its time to first token is this minus receivedAt). */
  firstTokenAt?: number;
  /** When the first chunk went out after which the answer holds a word (a letter inside a JSON string value). */
  firstWordAt?: number;
  /** When the whole answer had gone out (streamed or not): a lesson's call takes this minus receivedAt. */
  finishedAt?: number;
  /** What the server did: 'answer' (streamed or not), 'status 429', 'bad-json', 'hang', 'drop', 'content', 'stream-cut'. */
  outcome: string;
  step?: FakeAiStep;
}

export interface FakeAi {
  /** Base URL for the openai client, ending in /v1. */
  url: string;
  port: number;
  /** Every request received, in order (a live array). */
  calls: FakeAiCall[];
  /** Queues steps after the pending ones. */
  script(...steps: FakeAiStep[]): void;
  /** Steps not used yet. */
  pendingSteps(): FakeAiStep[];
  setLatency(ms: number): void;
  /** Lets the held calls (steps with `hold`) go on, and every later one too until reset(). */
  release(): void;
  /** Releases held calls, forgets calls and steps and restores the start latency. */
  reset(): void;
  close(): Promise<void>;
}

export interface FakeAiOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  host?: string;
  /** Wait before every answer, in milliseconds (a streamed answer's time to its first token). */
  latencyMs?: number;
  /**
   * A streamed answer's pace after its first token, a token being 4 characters. Default 4,000 a second (a whole
   * lesson in a few chunks, as fast as a non-streamed answer); a model's real pace is about 40.
   */
  tokensPerSecond?: number;
}

/** Characters of one streamed token (about what a model's tokenizer makes of Portuguese text). */
const STREAM_TOKEN_CHARS = 4;
/** A streamed answer sends one chunk every this many milliseconds (2 tokens a chunk at 40 tokens a second). */
const STREAM_CHUNK_MS = 50;
/** A JSON text that already shows a reader something: a letter inside a string value. */
const HOLDS_A_WORD = /:\s*"[^"]*\p{L}/u;

interface PendingStep {
  step: FakeAiStep;
  remaining: number;
}

const MAX_BODY_BYTES = 5 * 1024 * 1024;

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) reject(new Error('body too large'));
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (res.destroyed) return;
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(text);
}

function wait(ms: number, res: ServerResponse): Promise<void> {
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      res.off('close', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    // The response closes before we answer only when the client gave up: stop waiting at once.
    res.once('close', done);
  });
}

/**
 * The text a step's `match` and a call's `text` hold: the messages without the plan's lesson list ("Aulas do plano ..." up to the
 * next blank line), which names every lesson of the plan for context; a step scripted for one lesson's description
 * so applies to that lesson's call only.
 */
export function matchableText(text: string): string {
  return text.replace(/^Aulas do plano \([\s\S]*?(?:\n\s*\n|(?![\s\S]))/mu, '');
}

function stepMatches(step: FakeAiStep, text: string): boolean {
  if (step.match === undefined) return true;
  return typeof step.match === 'string' ? text.includes(step.match) : step.match.test(text);
}

/** Steps sent over HTTP to /__fake/script carry `match` as a string (or { regex, flags }). */
function stepFromJson(raw: unknown): FakeAiStep {
  const step = { ...(raw as Record<string, unknown>) } as FakeAiStep & { match?: unknown };
  const match = step.match as unknown;
  if (match && typeof match === 'object' && 'regex' in match) {
    const { regex, flags } = match as { regex: string; flags?: string };
    step.match = new RegExp(regex, flags);
  }
  return step;
}

/**
 * A streamed answer as the chat-completions API sends it (server-sent events of `chat.completion.chunk`): the
 * content at `tokensPerSecond`, in chunks every STREAM_CHUNK_MS, then a chunk with finish_reason 'stop' and
 * `data: [DONE]`. With `cutAfter`, the connection drops after that many characters (a broken stream).
 */
async function streamAnswer(
  res: ServerResponse,
  req: IncomingMessage,
  model: string,
  content: string,
  tokensPerSecond: number,
  cutAfter: number | undefined,
  call: FakeAiCall,
): Promise<void> {
  const id = `chatcmpl-fake-stream-${call.id}`;
  const created = Math.floor(Date.now() / 1000);
  const chunk = (delta: object, finish: string | null) =>
    `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }] })}\n\n`;
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
  res.write(chunk({ role: 'assistant', content: '' }, null));
  const perChunk = Math.max(1, Math.round((tokensPerSecond * STREAM_CHUNK_MS) / 1000)) * STREAM_TOKEN_CHARS;
  const limit = cutAfter ?? Infinity;
  for (let at = 0; at < content.length; at += perChunk) {
    if (res.destroyed) {
      call.outcome = 'client-gone';
      return;
    }
    if (at >= limit) {
      call.outcome = 'stream-cut';
      req.socket.destroy();
      return;
    }
    const end = Math.min(at + perChunk, limit);
    res.write(chunk({ content: content.slice(at, end) }, null));
    call.firstTokenAt ??= Date.now();
    if (call.firstWordAt === undefined && HOLDS_A_WORD.test(content.slice(0, end))) call.firstWordAt = Date.now();
    if (at + perChunk < content.length) await wait(STREAM_CHUNK_MS, res);
  }
  res.write(chunk({}, 'stop'));
  res.end('data: [DONE]\n\n');
  call.finishedAt = Date.now();
  // A whole answer, streamed or not, is an 'answer' (tests count a lesson's answers so); a broken one is not.
  call.outcome = 'answer';
}

/** Starts an OpenAI-compatible chat-completions server on a real port. */
export async function startFakeAi(options: FakeAiOptions = {}): Promise<FakeAi> {
  const initialLatency = options.latencyMs ?? 0;
  let latencyMs = initialLatency;
  const tokensPerSecond = Math.max(1, options.tokensPerSecond ?? 4000);
  let steps: PendingStep[] = [];
  const calls: FakeAiCall[] = [];
  let nextId = 1;
  const held = new Set<() => void>();
  let released = false;

  /** Until release() is called, or the client gives up. */
  const holdUntilReleased = (res: ServerResponse): Promise<void> => {
    if (released) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        held.delete(done);
        res.off('close', done);
        resolve();
      };
      held.add(done);
      res.once('close', done);
    });
  };
  const release = () => {
    released = true;
    for (const done of [...held]) done();
  };

  const takeStep = (text: string): FakeAiStep | undefined => {
    const index = steps.findIndex((p) => stepMatches(p.step, text));
    if (index < 0) return undefined;
    const pending = steps[index];
    pending.remaining -= 1;
    if (pending.remaining <= 0) steps.splice(index, 1);
    return pending.step;
  };

  const handleChat = async (req: IncomingMessage, res: ServerResponse, call: FakeAiCall): Promise<void> => {
    const step = takeStep(call.text);
    call.step = step;
    if (step?.hang) {
      call.outcome = 'hang';
      return; // the socket stays open until the client or close() ends it
    }
    if (step?.hold) await holdUntilReleased(res);
    await wait(latencyMs + (step?.delayMs ?? 0), res);
    if (res.destroyed || res.socket === null || res.socket.destroyed) {
      call.outcome = 'client-gone';
      return;
    }
    if (step?.drop) {
      call.outcome = 'drop';
      req.socket.destroy();
      return;
    }
    if (step?.status !== undefined && step.status !== 200) {
      call.outcome = `status ${step.status}`;
      sendJson(res, step.status, step.body ?? errorBody(step.status), step.headers);
      return;
    }
    const body = call.body as ChatRequestBody & { stream?: boolean };
    const model = typeof body.model === 'string' ? body.model : 'fake-model';
    let content: string;
    if (step?.badJson) {
      call.outcome = 'bad-json';
      content = '{"habilidades": ["EF0';
    } else if (step?.content !== undefined) {
      call.outcome = 'content';
      content = scriptedContent(body, step.content);
    } else {
      call.outcome = 'answer';
      content = defaultContent(body);
    }
    if (body.stream === true) {
      await streamAnswer(res, req, model, content, step?.tokensPerSecond ?? tokensPerSecond, step?.cutStreamAfter, call);
      return;
    }
    sendJson(res, 200, chatCompletion(model, content, call.text), step?.headers);
    call.finishedAt = Date.now();
  };

  const handleControl = async (req: IncomingMessage, res: ServerResponse, path: string, raw: string) => {
    const parsed: unknown = raw ? JSON.parse(raw) : undefined;
    if (path === '/__fake/calls' && req.method === 'GET') return sendJson(res, 200, calls);
    if (path === '/__fake/release' && req.method === 'POST') {
      api.release();
      return sendJson(res, 200, { ok: true });
    }
    if (path === '/__fake/reset' && req.method === 'POST') {
      api.reset();
      return sendJson(res, 200, { ok: true });
    }
    if (path === '/__fake/latency' && req.method === 'POST') {
      api.setLatency(Number((parsed as { ms?: unknown } | undefined)?.ms ?? 0));
      return sendJson(res, 200, { ok: true, latencyMs });
    }
    if (path === '/__fake/script' && req.method === 'POST') {
      const list = Array.isArray(parsed) ? parsed : [parsed];
      api.script(...list.map(stepFromJson));
      return sendJson(res, 200, { ok: true, pending: steps.length });
    }
    return sendJson(res, 404, errorBody(404));
  };

  const server = createServer((req, res) => {
    void (async () => {
      const path = (req.url ?? '/').split('?')[0].replace(/\/+$/, '') || '/';
      let raw = '';
      try {
        raw = await readBody(req);
      } catch {
        return sendJson(res, 413, errorBody(413));
      }
      if (path.startsWith('/__fake/')) {
        try {
          return await handleControl(req, res, path, raw);
        } catch {
          return sendJson(res, 400, errorBody(400));
        }
      }
      if (req.method === 'GET' && path === '/v1/models') {
        return sendJson(res, 200, {
          object: 'list',
          data: [{ id: 'fake-model', object: 'model', created: 0, owned_by: 'planejador-fake' }],
        });
      }
      if (req.method !== 'POST' || path !== '/v1/chat/completions') return sendJson(res, 404, errorBody(404));
      let body: unknown;
      try {
        body = raw ? JSON.parse(raw) : undefined;
      } catch {
        body = undefined;
      }
      const call: FakeAiCall = {
        id: nextId++,
        method: req.method,
        path,
        body,
        text: matchableText(messagesText(body)),
        authorization: typeof req.headers.authorization === 'string',
        receivedAt: Date.now(),
        outcome: 'pending',
      };
      calls.push(call);
      const messages = (body as ChatRequestBody | undefined)?.messages;
      if (!Array.isArray(messages) || messages.length === 0) {
        call.outcome = 'status 400';
        return sendJson(res, 400, errorBody(400));
      }
      await handleChat(req, res, call);
    })().catch(() => {
      if (!res.headersSent) sendJson(res, 500, errorBody(500));
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const host = options.host && options.host !== '0.0.0.0' ? options.host : '127.0.0.1';

  const api: FakeAi = {
    url: `http://${host}:${port}/v1`,
    port,
    calls,
    script: (...added) => {
      steps.push(...added.map((step) => ({ step, remaining: Math.max(1, step.times ?? 1) })));
    },
    pendingSteps: () => steps.map((p) => p.step),
    setLatency: (ms) => {
      latencyMs = Math.max(0, ms);
    },
    release,
    reset: () => {
      release();
      released = false;
      calls.length = 0;
      steps = [];
      latencyMs = initialLatency;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // Hanging requests would keep close() waiting forever.
        server.closeAllConnections();
      }),
  };
  return api;
}
