import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { useToasts } from '@/lib/toast';

const Toaster = lazy(() => import('./toaster').then(({ Toaster }) => ({ default: Toaster })));

let wanted = false;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/**
 * Mounts the Toaster now rather than with the first toast. The signed-in pages call it when they mount, so that it
 * is in place before anything there shows a toast: a toast loaded late would be mounted after a dialog opened
 * meanwhile (Radix then gives Escape to the toast, not the dialog), and one replaced while its chunk loads (saved,
 * then exported) would never be seen.
 */
export function usePreloadedToaster(): void {
  useEffect(() => {
    if (wanted) return;
    wanted = true;
    listeners.forEach((listener) => listener());
  }, []);
}

/**
 * The Toaster (Radix Toast) loads with the first toast or the first signed-in page: most visits to the landing and
 * sign-in pages show none, and it is not worth its kilobytes there. Once loaded it stays mounted.
 */
export function LazyToaster() {
  const toasts = useToasts();
  const preloaded = useSyncExternalStore(subscribe, () => wanted, () => wanted);
  const [needed, setNeeded] = useState(false);
  if (!needed && (preloaded || toasts.length > 0)) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
