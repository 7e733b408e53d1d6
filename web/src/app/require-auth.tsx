import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner';
import { useCurrentUser } from '@/lib/api/get-current-user';
import { PATHS } from '@/lib/paths';

/** Signed-in pages: a spinner while the user loads, then /auth when signed out. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { data: user, isPending } = useCurrentUser();
  const location = useLocation();
  if (isPending) return <PageSpinner />;
  if (!user) return <Navigate to={PATHS.auth} replace state={{ from: location.pathname + location.search }} />;
  return <>{children}</>;
}

/** /auth: a signed-in visitor goes to the dashboard (or back to the page that sent them here). */
export function GuestOnly({ children }: { children: ReactNode }) {
  const { data: user, isPending } = useCurrentUser();
  const location = useLocation();
  if (isPending) return <PageSpinner />;
  if (user) return <Navigate to={returnPath(location.state) ?? PATHS.dashboard} replace />;
  return <>{children}</>;
}

function returnPath(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null || !('from' in state)) return undefined;
  const from = (state as { from: unknown }).from;
  // Only paths of this app (never //other-host).
  return typeof from === 'string' && from.startsWith(PATHS.landing) && !from.startsWith('//') ? from : undefined;
}
