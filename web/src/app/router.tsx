import type { ComponentType } from 'react';
import { createBrowserRouter, Outlet, type RouteObject } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner';
import { RouteErrorScreen } from './error-boundary';
import { NotFoundRoute } from './not-found';
import { RequireAuth, GuestOnly } from './require-auth';
import { RootLayout } from './root-layout';
import { PATHS } from '@/lib/paths';

/** A lazily loaded route module: each page is its own chunk, named exports kept. */
function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return async () => ({ Component: (await load())[name] });
}

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorScreen />,
    hydrateFallbackElement: <PageSpinner />,
    children: [
      { path: PATHS.landing, lazy: page(() => import('@/features/landing/routes/landing-route'), 'LandingRoute') },
      {
        path: PATHS.auth,
        element: (
          <GuestOnly>
            <Outlet />
          </GuestOnly>
        ),
        children: [{ index: true, lazy: page(() => import('@/features/auth/routes/auth-route'), 'AuthRoute') }],
      },
      {
        path: PATHS.resetPassword,
        lazy: page(() => import('@/features/auth/routes/reset-password-route'), 'ResetPasswordRoute'),
      },
      {
        // Open to anyone: the link may be opened in a browser that is not signed in.
        path: PATHS.verificarEmail,
        lazy: page(() => import('@/features/auth/routes/verify-email-route'), 'VerifyEmailRoute'),
      },
      {
        // Signed-in pages share the shell: its own chunk (menus, feedback dialog), loaded with the page's, not by
        // the landing and sign-in pages.
        element: (
          <RequireAuth>
            <Outlet />
          </RequireAuth>
        ),
        children: [
          {
            lazy: page(() => import('./shell/app-shell'), 'AppShell'),
            children: [
              { path: PATHS.dashboard, lazy: page(() => import('@/features/dashboard/routes/dashboard-route'), 'DashboardRoute') },
              { path: PATHS.turmas, lazy: page(() => import('@/features/turmas/routes/turmas-route'), 'TurmasRoute') },
              {
                path: PATHS.cobertura,
                lazy: page(() => import('@/features/coverage/routes/coverage-route'), 'CoverageRoute'),
              },
              {
                path: PATHS.avaliar,
                lazy: page(() => import('@/features/assessments/routes/assess-route'), 'AssessRoute'),
              },
              { path: PATHS.avaliacao, lazy: page(() => import('@/features/assessments/routes/avaliacao-route'), 'AvaliacaoRoute') },
              {
                path: PATHS.gerarPlanos,
                lazy: page(() => import('@/features/generation/routes/generate-plans-route'), 'GeneratePlansRoute'),
              },
              { path: PATHS.historico, lazy: page(() => import('@/features/plans/routes/history-route'), 'HistoryRoute') },
              { path: PATHS.plano, lazy: page(() => import('@/features/plans/routes/plan-route'), 'PlanRoute') },
              {
                path: PATHS.configuracoes,
                lazy: page(() => import('@/features/settings/routes/settings-route'), 'SettingsRoute'),
              },
              {
                path: PATHS.emailSender,
                lazy: page(() => import('@/features/admin/routes/email-sender-route'), 'EmailSenderRoute'),
              },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
