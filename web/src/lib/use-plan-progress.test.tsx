import type { LessonProgressEvent, Plano, PlanProgressEvent } from '@planejador/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { aula, plano } from '@/test/plan-fixtures';
import { answerFetch } from '@/test/render';
import { usePlano } from './api/get-plano';
import { useLessonStream } from './lesson-stream';
import { createQueryClient } from './query-client';
import { queryKeys } from './query-keys';
import { usePlanProgress } from './use-plan-progress';

/** The shared socket as the server drives it: the test emits its events and its (re)connections. */
const wire = {
  handlers: new Map<string, Set<(...args: unknown[]) => void>>(),
  on(name: string, handler: (...args: unknown[]) => void) {
    wire.handlers.set(name, (wire.handlers.get(name) ?? new Set()).add(handler));
  },
  off(name: string, handler: (...args: unknown[]) => void) {
    wire.handlers.get(name)?.delete(handler);
  },
  emit(name: string, ...args: unknown[]) {
    for (const handler of wire.handlers.get(name) ?? []) handler(...args);
  },
  listening: () => [...wire.handlers.values()].reduce((sum, set) => sum + set.size, 0),
};
jest.mock('./socket', () => ({ getSocket: () => wire }));

const generating: Plano = {
  ...plano([aula(1, 0, ''), aula(2, 0, '')].map((a) => ({ ...a, generation: { state: 'queued', error: null } }))),
  generation: { state: 'running', done: 0, total: 2 },
} as Plano;
const key = queryKeys.plano(generating.id);
const at = '2026-11-25T10:00:00.000Z';
const planEvent = (type: PlanProgressEvent['type'], fields: Partial<PlanProgressEvent> = {}): PlanProgressEvent => ({
  planId: generating.id,
  type,
  state: type === 'done' ? 'done' : 'running',
  done: 0,
  total: 2,
  at,
  ...fields,
});
const delta = (campos: Record<string, string>, planId = generating.id): LessonProgressEvent => ({
  planId,
  aulaId: generating.aulas[0].id,
  numeroAula: 1,
  jobId: `plan:${generating.id}`,
  type: 'delta',
  state: 'running',
  campos,
  at,
});

/** The generating screen's reading of the plan: the plan's query and its progress stream. */
function follow(active = true) {
  const client = createQueryClient();
  client.setQueryData(key, generating);
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  const view = renderHook(
    ({ on }) => {
      usePlanProgress(generating.id, on);
      return { plan: usePlano(generating.id).data, text: useLessonStream(generating.aulas[0].id) };
    },
    { wrapper, initialProps: { on: active } },
  );
  return { client, ...view };
}

describe("a plan's progress stream", () => {
  afterEach(() => wire.handlers.clear());

  it("hears both events of its plan as one lesson's progress, and only its plan's", async () => {
    const calls = answerFetch(() => ({ status: 200, body: generating }));
    const { result } = follow();
    await waitFor(() => expect(wire.listening()).toBe(3));
    act(() => wire.emit('plan:progress', planEvent('lesson-started', { numeroAula: 1 })));
    act(() => wire.emit('lesson:progress', delta({ titulo: 'Frações' })));
    act(() => wire.emit('lesson:progress', delta({ titulo: 'Outro plano' }, '22222222-2222-4222-8222-222222222222')));
    await waitFor(() => expect(result.current.plan!.aulas.map((a) => a.generation.state)).toEqual(['running', 'queued']));
    expect(result.current.text).toEqual({ titulo: 'Frações' });
    act(() => wire.emit('plan:progress', planEvent('lesson-done', { numeroAula: 1, done: 1 })));
    await waitFor(() => expect(result.current.plan!.aulas.map((a) => a.generation.state)).toEqual(['done', 'queued']));
    // The lesson's end, though said by the plan's event, ends its streamed text as a regeneration's 'done' does.
    expect(result.current.text).toBeUndefined();
    expect(result.current.plan!.generation).toMatchObject({ state: 'running', done: 1 });
    expect(calls).toHaveLength(0);
  });

  it("asks the api at the plan's end and at a reconnection; stops listening when the page no longer needs it", async () => {
    const calls = answerFetch(() => ({ status: 200, body: generating }));
    const { rerender } = follow();
    await waitFor(() => expect(wire.listening()).toBe(3));
    act(() => wire.emit('plan:progress', planEvent('done', { done: 2 })));
    await waitFor(() => expect(calls.map((c) => c.url)).toEqual([`/api/planos/${generating.id}`]));
    act(() => wire.emit('connect'));
    await waitFor(() => expect(calls).toHaveLength(2));
    rerender({ on: false });
    expect(wire.listening()).toBe(0);
  });
});
