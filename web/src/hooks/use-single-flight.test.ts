import { act, renderHook } from '@testing-library/react';
import { deferred } from '@/test/render';
import { useSingleFlight } from './use-single-flight';

describe('useSingleFlight', () => {
  it('ignores a second press while the first action runs, and runs again once it settled', async () => {
    const { result, rerender } = renderHook(() => useSingleFlight());
    const first = deferred<void>();
    const started: string[] = [];
    act(() => result.current(() => (started.push('first'), first.promise)));
    act(() => result.current(() => (started.push('double press'), Promise.resolve())));
    expect(started).toEqual(['first']);

    await act(async () => first.resolve());
    rerender();
    act(() => result.current(() => (started.push('next'), Promise.resolve())));
    expect(started).toEqual(['first', 'next']);
  });

  it('is free again after a failed action (its own handler told the user)', async () => {
    const { result } = renderHook(() => useSingleFlight());
    const failing = deferred<void>();
    const started: string[] = [];
    act(() => result.current(() => (started.push('fails'), failing.promise.then(() => Promise.reject(new Error('500'))))));
    await act(async () => failing.resolve());
    act(() => result.current(() => (started.push('retry'), Promise.resolve())));
    expect(started).toEqual(['fails', 'retry']);
  });

  it('keeps the same function across renders (safe in effect dependencies)', () => {
    const { result, rerender } = renderHook(() => useSingleFlight());
    const before = result.current;
    rerender();
    expect(result.current).toBe(before);
  });
});
