import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { aula, plano } from '@/test/plan-fixtures';
import { readDraft } from '../utils/plan-draft';
import { usePlanEditor } from './use-plan-editor';

const inEditMode = ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={['/plano/p?edit=true']}>{children}</MemoryRouter>;

describe('usePlanEditor', () => {
  beforeEach(() => localStorage.clear());

  it('keeps the unsaved edits of one lesson when another lesson comes back regenerated, and takes the new lesson', () => {
    const first = plano([aula(1, 1, 'Objetivo 1'), aula(2, 1, 'Objetivo 2')]);
    const { result, rerender } = renderHook(({ p }) => usePlanEditor(p), { initialProps: { p: first }, wrapper: inEditMode });
    act(() => result.current.changeField(first.aulas[0].id, 'objetivos', 'Meu objetivo'));
    expect(result.current.dirty).toBe(true);

    // Lesson 2 was regenerated on the server (version 2) while lesson 1 has unsaved edits.
    const after = plano([aula(1, 1, 'Objetivo 1'), aula(2, 2, 'Objetivo novo da IA')], '2026-11-25T10:05:00.000Z');
    rerender({ p: after });
    expect(result.current.lessons.map((l) => l.objetivos)).toEqual(['Meu objetivo', 'Objetivo novo da IA']);
    expect(result.current.dirty).toBe(true);
    // The draft in this browser holds the same: the edit, and the regenerated lesson as the server has it.
    expect(readDraft(first.id)?.aulas.map((l) => l.objetivos)).toEqual(['Meu objetivo', 'Objetivo novo da IA']);
  });

  it('is clean again when the only edited lesson is replaced by the server', () => {
    const first = plano([aula(1, 1, 'Objetivo 1')]);
    const { result, rerender } = renderHook(({ p }) => usePlanEditor(p), { initialProps: { p: first }, wrapper: inEditMode });
    act(() => result.current.changeField(first.aulas[0].id, 'objetivos', 'Rascunho'));
    rerender({ p: plano([aula(1, 2, 'Restaurado')], '2026-11-25T10:05:00.000Z') });
    expect(result.current.lessons[0].objetivos).toBe('Restaurado');
    expect(result.current.dirty).toBe(false);
    expect(readDraft(first.id)).toBeNull();
  });

  it('keeps the edits of the other fields of a lesson whose one field came back regenerated', () => {
    const first = plano([aula(1, 1, 'Objetivo 1'), aula(2, 1, 'Objetivo 2')]);
    const { result, rerender } = renderHook(({ p }) => usePlanEditor(p), { initialProps: { p: first }, wrapper: inEditMode });
    act(() => result.current.changeField(first.aulas[0].id, 'evidencias', 'Minha evidência'));
    act(() => result.current.changeField(first.aulas[1].id, 'experiencias', 'Minha etapa'));
    // Only lesson 1's objectives were written again on the server.
    rerender({ p: plano([aula(1, 2, 'Objetivo regenerado'), aula(2, 1, 'Objetivo 2')], '2026-11-25T10:05:00.000Z') });
    const [one, two] = result.current.lessons;
    expect([one.objetivos, one.evidencias]).toEqual(['Objetivo regenerado', 'Minha evidência']);
    expect([two.objetivos, two.experiencias]).toEqual(['Objetivo 2', 'Minha etapa']);
    expect(result.current.dirty).toBe(true);
  });

  it('brings back a draft from an earlier visit and opens edit mode', () => {
    const first = plano([aula(1, 1, 'Objetivo 1')]);
    localStorage.setItem(
      `planejador-plano-draft:${first.id}`,
      JSON.stringify({ basedOn: first.updatedAt, savedAt: 'x', aulas: [{ id: first.aulas[0].id, habilidades: '(EF05MA03) Frações', objetivos: 'Da outra visita', objetosConhecimento: 'Frações', experiencias: '1. Etapa', evidencias: 'Registro' }] }),
    );
    const viewMode = ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={['/plano/p']}>{children}</MemoryRouter>;
    const { result } = renderHook(() => usePlanEditor(first), { wrapper: viewMode });
    expect(result.current.editing).toBe(true);
    expect(result.current.restored).toBe('same');
    expect(result.current.lessons[0].objetivos).toBe('Da outra visita');
  });
});
