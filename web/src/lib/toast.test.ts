import { act, renderHook } from '@testing-library/react';
import { dismissToast, toast, useToasts } from './toast';

describe('toast', () => {
  afterEach(() => jest.useRealTimers());

  it('shows one toast at a time: a new one replaces the visible one', () => {
    const { result } = renderHook(() => useToasts());
    act(() => void toast({ title: 'Erro', description: 'Falha ao carregar turmas', variant: 'destructive' }));
    act(() => void toast({ title: 'Sucesso!', description: 'Turma criada.' }));
    expect(result.current.map(({ title, open }) => ({ title, open }))).toEqual([{ title: 'Sucesso!', open: true }]);
  });

  it('a dismissed toast closes at once and leaves after its exit animation', () => {
    jest.useFakeTimers();
    const { result } = renderHook(() => useToasts());
    let id = 0;
    act(() => {
      id = toast({ title: 'Copiado' });
    });
    act(() => dismissToast(id));
    expect(result.current).toEqual([expect.objectContaining({ id, open: false })]);
    act(() => jest.runOnlyPendingTimers());
    expect(result.current).toEqual([]);
  });
});
