import { MSG, type Aula, type Plano } from '@planejador/contracts';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { usePlano } from '@/lib/api/get-plano';
import { createQueryClient } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';
import { useToasts } from '@/lib/toast';
import { aula, plano } from '@/test/plan-fixtures';
import { answerFetch, type FetchAnswer } from '@/test/render';
import { usePlanEditor } from './use-plan-editor';
import { useSavePlan } from './use-save-plan';

const before = plano([aula(1, 1, 'Objetivo 1'), aula(2, 1, 'Objetivo 2'), aula(3, 1, 'Objetivo 3')]);
const [one, two, three] = before.aulas;
const key = queryKeys.plano(before.id);

type Call = { method: string; url: string; body: unknown };
const puts = (calls: Call[]) => calls.filter((c) => c.method === 'PUT').map((c) => c.body as { status: string; aulas?: ({ id: string; versao?: number } & Record<string, unknown>)[] });
const gets = (calls: Call[]) => calls.filter((c) => c.method === 'GET').map((c) => c.url);

/** The plan page's save as the page wires it: the plan's query, the editor in edit mode, the save and the toasts. */
function renderPage(start: Plano, answer: (call: Call) => FetchAnswer | Promise<FetchAnswer>) {
  const calls = answerFetch(answer);
  const client: QueryClient = createQueryClient();
  client.setQueryData(key, start);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/plano/${start.id}?edit=true`]}>{children}</MemoryRouter>
    </QueryClientProvider>
  );
  const { result } = renderHook(
    () => {
      const plan = usePlano(start.id).data;
      const editor = usePlanEditor(plan);
      return { plan, editor, save: useSavePlan(plan, editor), toasts: useToasts() };
    },
    { wrapper },
  );
  return { calls, client, page: () => result.current };
}

describe('saving the plan page', () => {
  beforeEach(() => localStorage.clear());

  it('sends only the lessons the teacher changed, with the version their edits were made on, so a lesson regenerated meanwhile is not undone', async () => {
    // Lesson 2 was regenerated on the server a moment ago; this page still shows it at version 1 with its old text.
    const { calls, page } = renderPage(before, (call) =>
      call.method === 'PUT' ? { status: 200, body: { ...before, status: 'salvo', aulas: [{ ...one, versao: 2, objetivos: 'Meu objetivo' }, aula(2, 2, 'Objetivo novo da IA'), three] } } : { status: 200, body: before },
    );
    act(() => page().editor.changeField(one.id, 'objetivos', 'Meu objetivo'));
    act(() => page().save.save());
    await waitFor(() => expect(page().editor.editing).toBe(false));
    expect(puts(calls)).toEqual([{ status: 'salvo', aulas: [{ id: one.id, versao: 1, habilidades: one.habilidades, objetivos: 'Meu objetivo', objetosConhecimento: one.objetosConhecimento, experiencias: one.experiencias, evidencias: one.evidencias }] }]);
    expect(page().plan!.aulas[1].objetivos).toBe('Objetivo novo da IA');
    expect(page().toasts[0]).toMatchObject({ description: 'Plano de aula salvo com sucesso!' });
  });

  it("a 409 says why, reads the plan again and keeps the teacher's edits; the next save sends the new version", async () => {
    const changed: Plano = { ...before, updatedAt: '2026-11-25T10:05:00.000Z', aulas: [one, two, { ...aula(3, 2, 'Objetivo restaurado') }] };
    const answers: FetchAnswer[] = [{ status: 409, body: { message: MSG.aulaVersaoConflict(3) } }, { status: 200, body: changed }];
    const { calls, page } = renderPage(before, (call) => (call.method === 'PUT' ? answers.shift()! : { status: 200, body: changed }));
    act(() => page().editor.changeField(one.id, 'objetivos', 'Meu objetivo'));
    act(() => page().editor.changeField(three.id, 'evidencias', 'Minha evidência'));
    act(() => page().save.save());
    await waitFor(() => expect(page().toasts[0]).toMatchObject({ title: 'Erro', description: MSG.aulaVersaoConflict(3), variant: 'destructive' }));
    await waitFor(() => expect(page().editor.lessons[2].objetivos).toBe('Objetivo restaurado'));
    expect(gets(calls)).toEqual([`/api/planos/${before.id}`]);
    // Still editing, nothing discarded: lesson 1's edit, lesson 3's edit of a field the server did not change, and the
    // server's new text where it changed lesson 3.
    expect(page().editor.editing).toBe(true);
    expect(page().editor.dirty).toBe(true);
    expect(page().editor.lessons.map((l) => [l.objetivos, l.evidencias])).toEqual([
      ['Meu objetivo', 'Registro'],
      ['Objetivo 2', 'Registro'],
      ['Objetivo restaurado', 'Minha evidência'],
    ]);

    act(() => page().save.save());
    await waitFor(() => expect(puts(calls)).toHaveLength(2));
    expect(puts(calls)[1].aulas!.map((a) => [a.id, a.versao])).toEqual([[one.id, 1], [three.id, 2]]);
  });

  it('holds back a lesson being regenerated: the others are saved, its edits stay on the page', async () => {
    const { calls, client, page } = renderPage(before, (call) => (call.method === 'PUT' ? { status: 200, body: before } : { status: 200, body: before }));
    act(() => page().editor.changeField(one.id, 'objetivos', 'Meu objetivo'));
    act(() => page().editor.changeField(two.id, 'evidencias', 'Edição da aula 2'));
    // Lesson 2's regeneration is queued (it was asked for with its edits unsaved).
    const queued: Aula = { ...two, generation: { state: 'queued', error: null } };
    act(() => client.setQueryData<Plano>(key, { ...before, aulas: [one, queued, three] }));
    await waitFor(() => expect(page().plan!.aulas[1].generation.state).toBe('queued'));
    act(() => page().save.save());
    await waitFor(() => expect(page().toasts[0]?.title).toBe('Salvo em parte'));
    expect(puts(calls)).toEqual([{ status: 'editado', aulas: [expect.objectContaining({ id: one.id, objetivos: 'Meu objetivo', versao: 1 })] }]);
    expect(page().toasts[0].description).toContain('A Aula 2 está sendo gerada novamente, então as edições dela não foram salvas');
    expect(page().editor.editing).toBe(true);
    expect(page().editor.lessons[1].evidencias).toBe('Edição da aula 2');
  });

  it('a skill change sends that lesson alone, with its version', async () => {
    const { calls, page } = renderPage(before, () => ({ status: 200, body: before }));
    act(() => page().editor.changeField(two.id, 'objetivos', 'Edição'));
    await act(async () => {
      await page().save.saveSkills(two, ['EF05MA08']);
    });
    expect(puts(calls)).toEqual([{ status: 'editado', aulas: [expect.objectContaining({ id: two.id, objetivos: 'Edição', habilidadeCodes: ['EF05MA08'], versao: 1 })] }]);
  });
});
