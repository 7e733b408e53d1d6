import type { Page } from 'playwright-core';
import type { ApiClient } from '../factories';
import type { TestResponse } from '../http/test-client';

/**
 * The factories' client over a browser page's own requests (page.request shares the context's cookies): set-up
 * through the api signs in, and acts as, the person at that page. `baseUrl` defaults to the context's baseURL.
 */
export function pageClient(page: Page, baseUrl = ''): ApiClient {
  const send = async <T>(method: string, path: string, body: unknown, headers: Record<string, string> = {}): Promise<TestResponse<T>> => {
    const res = await page.request.fetch(`${baseUrl}${path}`, { method, data: body, headers });
    const text = await res.text();
    const json = (res.headers()['content-type'] ?? '').includes('application/json') && text !== '';
    // headersArray, not headers(): the latter joins several Set-Cookie headers (session and device cookies) with a
    // line break, which Headers refuses.
    const answerHeaders = new Headers(res.headersArray().map(({ name, value }) => [name, value] as [string, string]));
    return { status: res.status(), headers: answerHeaders, text, body: (json ? JSON.parse(text) : text) as T };
  };
  return {
    get: (path, headers) => send('GET', path, undefined, headers),
    post: (path, body, headers) => send('POST', path, body ?? {}, headers),
  };
}
