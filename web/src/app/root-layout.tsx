import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { ErrorBoundary } from './error-boundary';

export function RootLayout() {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary resetKey={pathname}>
      <Outlet />
      <ScrollRestoration />
    </ErrorBoundary>
  );
}
