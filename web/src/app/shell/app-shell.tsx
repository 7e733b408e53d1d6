import { Suspense, useState } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { usePreloadedToaster } from '@/components/ui/lazy-toaster';
import { PageSpinner } from '@/components/ui/spinner';
import { FeedbackDialog } from '@/features/feedback/components/feedback-dialog';
import { useCurrentUser } from '@/lib/api/get-current-user';
import { ErrorBoundary } from '../error-boundary';
import { SideNav } from './side-nav';
import { TopBar } from './top-bar';

/** The frame of every signed-in page: top bar, side menu, feedback dialog. */
export function AppShell() {
  const { data: user } = useCurrentUser();
  const location = useLocation();
  const navigation = useNavigation();
  const [feedbackOpen, setFeedbackOpen] = useState(false);
  usePreloadedToaster();
  if (!user) return null;
  const openFeedback = () => setFeedbackOpen(true);
  return (
    <div className="min-h-screen bg-background">
      <a
        href="#conteudo"
        className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50 focus:rounded-md focus:bg-card focus:px-3 focus:py-2 focus:shadow"
      >
        Pular para o conteúdo
      </a>
      <TopBar user={user} onOpenFeedback={openFeedback} />
      {navigation.state === 'loading' ? (
        <div className="fixed inset-x-0 top-16 z-40 h-0.5 animate-pulse bg-primary" aria-hidden="true" />
      ) : null}
      <div className="flex">
        <aside className="sticky top-16 hidden h-[calc(100dvh-4rem)] w-64 shrink-0 overflow-y-auto border-r bg-card md:block">
          <SideNav onOpenFeedback={openFeedback} />
        </aside>
        <main id="conteudo" tabIndex={-1} className="min-w-0 flex-1 px-4 py-6 focus:outline-none sm:px-6 lg:px-10 lg:py-8">
          <ErrorBoundary resetKey={location.pathname}>
            <Suspense fallback={<PageSpinner />}>
              <Outlet />
            </Suspense>
          </ErrorBoundary>
        </main>
      </div>
      <FeedbackDialog open={feedbackOpen} onOpenChange={setFeedbackOpen} />
    </div>
  );
}
