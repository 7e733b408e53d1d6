import type { Aula, LessonProgressEvent, Plano } from '@planejador/contracts';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { useCurrentUser } from '@/lib/api/get-current-user';
import { createQueryClient } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';
import { aula, plano } from '@/test/plan-fixtures';
import { answerFetch, deferred, type FetchAnswer } from '@/test/render';
import { usePlano } from '@/lib/api/get-plano';
import { applyPlanProgressEvent } from '@/lib/use-plan-progress';
import { useRegenerateAula } from '../api/lesson-control';
import { usePlanEditor } from '../hooks/use-plan-editor';

const before = plano([aula(1, 1, 'Objetivo 1'), aula(2, 1, 'Objetivo 2'), aula(3, 1, 'Objetivo 3')]);
const key = queryKeys.plano(before.id);
const target = before.aulas[1];
const JOB = `aula-${target.id}-abcd1234`;

/** Lesson 2 as the api stores it after the regeneration: new objectives, version 2, one regeneration counted. */
const stored: Aula = { ...aula(2, 2, 'Objetivo novo da IA'), regeneracoes: 1, updatedAt: '2026-11-25T10:05:00.000Z' };
/** The plan as GET /api/planos/{id} gives it once the regeneration is stored. */
const after: Plano = { ...before, aulas: [before.aulas[0], stored, before.aulas[2]] };

function event(type: LessonProgressEvent['type'], fields: Partial<LessonProgressEvent> = {}): LessonProgressEvent {
  const state = type === 'started' ? 'running' : 'done';
  return { planId: before.id, aulaId: target.id, numeroAula: 2, jobId: JOB, type, state, at: '2026-11-25T10:05:00.000Z', ...fields };
}
const doneEvent = event('done', { versao: 2, aula: stored });
/** A lesson's event as the plan page's progress stream applies it. */
const applyLessonEvent = (client: QueryClient, planoId: string, lessonEvent: LessonProgressEvent) =>
  applyPlanProgressEvent(client, planoId, { name: 'lesson:progress', event: lessonEvent });

const lesson2 = (client: QueryClient) => client.getQueryData<Plano>(key)!.aulas[1];
const gets = (calls: { method: string; url: string }[]) => calls.filter((c) => c.method === 'GET').map((c) => c.url);

/** A client holding `p` and the signed-in user, as the plan page has them. */
function withPlan(p: Plano): QueryClient {
  const client = createQueryClient();
  client.setQueryData(key, p);
  client.setQueryData(queryKeys.currentUser, { credits: 10 });
  return client;
}

/** Renders `hook` with the page's own queries of the plan and the user watching (an invalidation then fetches them). */
function renderOnPage<T>(client: QueryClient, hook: (plan: Plano | undefined) => T) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/plano/${before.id}?edit=true`]}>{children}</MemoryRouter>
    </QueryClientProvider>
  );
  return renderHook(
    () => {
      const plan = usePlano(before.id).data;
      useCurrentUser();
      return { plan, value: hook(plan) };
    },
    { wrapper },
  );
}

describe("a lesson's progress events in the cached plan", () => {
  beforeEach(() => localStorage.clear());

  it("'started' sets the lesson's state and 'done' puts in the stored lesson, with no GET", () => {
    const calls = answerFetch(() => ({ status: 500 }));
    const client = withPlan(before);
    applyLessonEvent(client, before.id, event('started'));
    expect(lesson2(client).generation.state).toBe('running');
    expect(client.getQueryData<Plano>(key)!.generation.done).toBe(2);
    // The text is still the old one while the lesson runs.
    expect(lesson2(client).objetivos).toBe('Objetivo 2');

    applyLessonEvent(client, before.id, doneEvent);
    // The same plan the refetch would have brought: content, version, state, count and the done lessons' total.
    expect(client.getQueryData<Plano>(key)).toEqual(after);
    expect(calls).toHaveLength(0);
  });

  it('keeps what a newer version brought, and refetches for a lesson the cache does not have', async () => {
    const calls = answerFetch(() => ({ status: 200, body: before }));
    const newer = withPlan({ ...before, aulas: [before.aulas[0], aula(2, 3, 'Restaurado'), before.aulas[2]] });
    applyLessonEvent(newer, before.id, doneEvent);
    expect(lesson2(newer).objetivos).toBe('Restaurado');
    expect(calls).toHaveLength(0);

    const client = withPlan(before);
    renderOnPage(client, () => null);
    applyLessonEvent(client, before.id, event('started', { aulaId: '00000000-0000-4000-8000-000000000009' }));
    await waitFor(() => expect(gets(calls)).toEqual([`/api/planos/${before.id}`]));
  });

  it("'failed' and a 'done' without the lesson refetch the plan; a refund refetches the credits too", async () => {
    const calls = answerFetch((call) => ({ status: 200, body: call.url === '/api/auth/user' ? { credits: 10 } : before }));
    const client = withPlan(before);
    renderOnPage(client, () => null);
    applyLessonEvent(client, before.id, event('done', { versao: 2 }));
    await waitFor(() => expect(client.isFetching()).toBe(0));
    expect(gets(calls)).toEqual([`/api/planos/${before.id}`]);
    applyLessonEvent(client, before.id, event('failed', { state: 'done', error: 'A IA não respondeu', creditRefunded: true }));
    await waitFor(() => expect(client.isFetching()).toBe(0));
    expect(gets(calls).slice(1).sort()).toEqual(['/api/auth/user', `/api/planos/${before.id}`]);
  });

  it('an answer of a GET that left before the event does not overwrite the new lesson: a new GET replaces it', async () => {
    const held = deferred<FetchAnswer>();
    const answers = [held.promise, Promise.resolve({ status: 200, body: after })];
    const calls = answerFetch(() => answers.shift()!);
    const client = withPlan(before);
    const { result } = renderOnPage(client, () => null);
    void client.refetchQueries({ queryKey: key, exact: true }); // The poll, on its way with the lesson still running.
    await waitFor(() => expect(calls).toHaveLength(1));
    act(() => applyLessonEvent(client, before.id, doneEvent));
    expect(lesson2(client).objetivos).toBe('Objetivo novo da IA');
    held.resolve({ status: 200, body: before });
    await waitFor(() => expect(client.isFetching()).toBe(0));
    expect(calls).toHaveLength(2);
    expect(result.current.plan!.aulas[1]).toEqual(stored);
  });

  it("gives the plan editor the same as the refetch did: another lesson's unsaved edits stay, the new lesson comes in", async () => {
    const edited = async (deliver: (client: QueryClient) => Promise<void> | void) => {
      const client = withPlan(before);
      const { result } = renderOnPage(client, usePlanEditor);
      const editor = () => result.current.value;
      act(() => editor().changeField(before.aulas[0].id, 'objetivos', 'Meu objetivo'));
      act(() => editor().changeField(before.aulas[2].id, 'evidencias', 'Minha evidência'));
      await act(async () => deliver(client));
      await waitFor(() => expect(editor().lessons[1].objetivos).toBe('Objetivo novo da IA'));
      localStorage.clear();
      return { lessons: editor().lessons, dirty: editor().dirty };
    };
    answerFetch(() => ({ status: 200, body: after }));
    const byEvent = await edited((client) => applyLessonEvent(client, before.id, doneEvent));
    const byRefetch = await edited((client) => client.invalidateQueries({ queryKey: key, exact: true }));
    expect(byEvent).toEqual(byRefetch);
    expect(byEvent.dirty).toBe(true);
    expect(byEvent.lessons.map((l) => [l.objetivos, l.evidencias])).toEqual([
      ['Meu objetivo', 'Registro'],
      ['Objetivo novo da IA', 'Registro'],
      ['Objetivo 3', 'Minha evidência'],
    ]);
  });
});

describe('the regeneration request', () => {
  const regenerate = (p: Plano, aulaId: string, data: { habilidadesFixadas?: string[] } = {}) => {
    const calls = answerFetch((call) => (call.method === 'POST' ? { status: 202, body: { jobId: JOB } } : { status: 200, body: { credits: 9 } }));
    const client = withPlan(p);
    const { result } = renderOnPage(client, () => useRegenerateAula(p.id));
    return { calls, client, send: () => act(() => result.current.value.mutateAsync({ aulaId, data }).then(() => undefined)) };
  };

  it('shows the lesson queued, counted and with its pins from the 202 alone: no GET of the plan, none of a free one\'s credits', async () => {
    const { calls, client, send } = regenerate(before, target.id, { habilidadesFixadas: ['EF05MA04'] });
    await send();
    expect(lesson2(client)).toMatchObject({ generation: { state: 'queued', error: null }, regeneracoes: 1, habilidadesFixadas: ['EF05MA04'] });
    expect(client.getQueryData<Plano>(key)!.generation.done).toBe(2);
    expect(calls.map((c) => c.method)).toEqual(['POST']);
  });

  it('asks for the credits again after a paid one; a failed lesson counts the same way (free 3 times, then paid)', async () => {
    const paid = regenerate({ ...before, aulas: [before.aulas[0], { ...target, regeneracoes: 3 }, before.aulas[2]] }, target.id);
    await paid.send();
    await waitFor(() => expect(gets(paid.calls)).toEqual(['/api/auth/user']));
    expect(lesson2(paid.client).regeneracoes).toBe(4);

    const failedAfter = (regeneracoes: number): Aula => ({ ...target, regeneracoes, generation: { state: 'failed', error: 'Falhou' } });
    const free = regenerate({ ...before, aulas: [before.aulas[0], failedAfter(2), before.aulas[2]] }, target.id);
    await free.send();
    expect(lesson2(free.client)).toMatchObject({ regeneracoes: 3, generation: { state: 'queued', error: null } });
    expect(free.calls.map((c) => c.method)).toEqual(['POST']);

    const paidFailed = regenerate({ ...before, aulas: [before.aulas[0], failedAfter(3), before.aulas[2]] }, target.id);
    await paidFailed.send();
    await waitFor(() => expect(gets(paidFailed.calls)).toEqual(['/api/auth/user']));
    expect(lesson2(paidFailed.client)).toMatchObject({ regeneracoes: 4, generation: { state: 'queued', error: null } });
  });
});
