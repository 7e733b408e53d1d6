import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';

/** A tiny HTTP client that keeps the session cookie, like a browser tab (no mocks: real requests). */
export interface TestResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export class TestClient {
  private cookies = new Map<string, string>();

  /**
   * `localAddress`: the loopback address its requests come from; by default the test file's own
   * (TEST_CLIENT_ADDRESS, set by the test environment), so that a shared api's per-address limits count each file
   * apart.
   */
  constructor(
    readonly baseUrl: string,
    private readonly defaultHeaders: Record<string, string> = {},
    private readonly localAddress: string | undefined = process.env.TEST_CLIENT_ADDRESS,
  ) {}

  get cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  sessionId(): string | undefined {
    return this.cookies.get('planejador.sid');
  }

  async request<T = unknown>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<TestResponse<T>> {
    // Names in lower case, so that a test's own header replaces the default instead of adding a second one.
    const headerList: Record<string, string> = Object.fromEntries(
      Object.entries({
        accept: '*/*',
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(this.cookies.size ? { cookie: this.cookieHeader } : {}),
        ...this.defaultHeaders,
        ...headers,
      }).map(([name, value]) => [name.toLowerCase(), value]),
    );
    const payload = body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
    if (payload !== undefined) headerList['content-length'] ??= String(Buffer.byteLength(payload));
    const res = await send(`${this.baseUrl}${path}`, method, headerList, payload, this.localAddress);
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (/expires=Thu, 01 Jan 1970/i.test(c) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const buffer = res.body;
    const text = buffer.toString('utf8');
    let parsed: unknown = text;
    if ((res.headers.get('content-type') ?? '').includes('application/json')) {
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = text;
      }
    } else if (!(res.headers.get('content-type') ?? '').startsWith('text/')) {
      parsed = buffer;
    }
    return { status: res.status, headers: res.headers, body: parsed as T, text };
  }

  get<T = unknown>(path: string, headers?: Record<string, string>) {
    return this.request<T>('GET', path, undefined, headers);
  }
  post<T = unknown>(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>('POST', path, body ?? {}, headers);
  }
  put<T = unknown>(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>('PUT', path, body ?? {}, headers);
  }
  delete<T = unknown>(path: string, headers?: Record<string, string>) {
    return this.request<T>('DELETE', path, undefined, headers);
  }
}

/** One HTTP request from `localAddress` (no redirect followed, like fetch's redirect: 'manual'), its body whole. */
function send(
  url: string,
  method: string,
  headers: Record<string, string>,
  payload: string | undefined,
  localAddress: string | undefined,
): Promise<{ status: number; headers: Headers; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers, localAddress }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: toHeaders(res.headers), body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(payload);
  });
}

function toHeaders(raw: IncomingHttpHeaders): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  return headers;
}
