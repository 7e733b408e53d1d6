import { useCallback, useState } from 'react';

function read(key: string): boolean {
  try {
    return localStorage.getItem(key) === '1';
  } catch {
    return false; // storage blocked: the page still works, it just does not remember
  }
}

function write(key: string, value: boolean): void {
  try {
    if (value) localStorage.setItem(key, '1');
    else localStorage.removeItem(key);
  } catch {
    // storage blocked or full: the choice holds until the page is left
  }
}

/** A yes/no choice kept in this browser's localStorage under `key` (absent: no). */
export function useStoredFlag(key: string): [boolean, (value: boolean) => void] {
  const [state, setState] = useState(() => ({ key, value: read(key) }));
  const value = state.key === key ? state.value : read(key);
  const set = useCallback(
    (next: boolean) => {
      write(key, next);
      setState({ key, value: next });
    },
    [key],
  );
  return [value, set];
}
