import type { ApiErrorBody } from '@planejador/contracts';

/** A non-2xx answer. The message keeps the spec's form: `${status}: ${text || statusText}`. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    statusText: string,
  ) {
    super(`${status}: ${body || statusText}`);
    this.name = 'HttpError';
  }
}

export function isHttpError(error: unknown, status?: number): error is HttpError {
  return error instanceof HttpError && (status === undefined || error.status === status);
}

export function isUnauthorized(error: unknown): boolean {
  return isHttpError(error, 401);
}

/** The `message` of the api's JSON error body, when there is one. */
export function serverMessage(error: unknown): string | undefined {
  if (!(error instanceof HttpError) || !error.body) return undefined;
  try {
    const parsed = JSON.parse(error.body) as Partial<ApiErrorBody>;
    return typeof parsed.message === 'string' && parsed.message ? parsed.message : undefined;
  } catch {
    return undefined;
  }
}

/** The server's message, else the fallback (network errors and bodies that are not ours get the fallback). */
export function errorText(error: unknown, fallback: string): string {
  return serverMessage(error) ?? fallback;
}

export interface RequestOptions {
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export async function request(method: string, url: string, options: RequestOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  let body: BodyInit | undefined;
  if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const response = await fetch(url, { method, headers, body, credentials: 'include', signal: options.signal });
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    throw new HttpError(response.status, text, response.statusText);
  }
  return response;
}

async function json<T>(method: string, url: string, options?: RequestOptions): Promise<T> {
  const response = await request(method, url, options);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** JSON calls to the api: same origin, cookies always sent. */
export const http = {
  get: <T>(url: string, options?: Omit<RequestOptions, 'body'>) => json<T>('GET', url, options),
  post: <T>(url: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) =>
    json<T>('POST', url, { ...options, body }),
  put: <T>(url: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) =>
    json<T>('PUT', url, { ...options, body }),
  patch: <T>(url: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) =>
    json<T>('PATCH', url, { ...options, body }),
  delete: <T = void>(url: string, options?: Omit<RequestOptions, 'body'>) => json<T>('DELETE', url, options),
};
