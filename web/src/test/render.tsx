import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Toaster } from '@/components/ui/toaster';
import { createQueryClient } from '@/lib/query-client';

/** The component as the app mounts it: a real QueryClient (the app's own settings) and the toasts' region. */
export function renderWithClient(ui: ReactElement): ReturnType<typeof render> & { queryClient: QueryClient } {
  const queryClient = createQueryClient();
  const view = render(
    <QueryClientProvider client={queryClient}>
      {ui}
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...view, queryClient };
}

export interface FetchCall {
  method: string;
  url: string;
  body: unknown;
}

export interface FetchAnswer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/**
 * The network boundary, the only thing these tests replace: each call to fetch is recorded and answered by
 * `answer` (a promise lets a test hold the request open and see the pending state).
 */
export function answerFetch(answer: (call: FetchCall) => FetchAnswer | Promise<FetchAnswer>): FetchCall[] {
  const calls: FetchCall[] = [];
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const call = {
      method: init?.method ?? 'GET',
      url: String(input),
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    };
    calls.push(call);
    const { status, body, headers } = await answer(call);
    const text = body === undefined ? '' : JSON.stringify(body);
    return {
      ok: status >= 200 && status < 300,
      status,
      statusText: '',
      headers: { get: (name: string) => Object.entries(headers ?? {}).find(([key]) => key.toLowerCase() === name.toLowerCase())?.[1] ?? null },
      text: async () => text,
      json: async () => JSON.parse(text) as unknown,
    } as Response;
  });
  return calls;
}

/** A promise settled from outside, to hold a request open. */
export function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}
