import { lazy, Suspense, useState } from 'react';
import { useToasts } from '@/lib/toast';

const Toaster = lazy(() => import('./toaster').then(({ Toaster }) => ({ default: Toaster })));

/**
 * The Toaster (Radix Toast) loads with the first toast: most visits to the landing and sign-in pages show none,
 * and it is not worth its kilobytes there. Once loaded it stays mounted, as it was before.
 */
export function LazyToaster() {
  const toasts = useToasts();
  const [needed, setNeeded] = useState(false);
  if (!needed && toasts.length > 0) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
