import { Component, useEffect, type ErrorInfo, type ReactNode } from 'react';
import { useLocation, useNavigate, useRouteError } from 'react-router';
import { ErrorScreen } from './error-screen';
import { reportFrontendError } from './report-frontend-error';

interface ErrorBoundaryProps {
  children: ReactNode;
  /** Changing this value clears the error (the location, so navigating away recovers). */
  resetKey?: string;
}

interface ErrorBoundaryState {
  error: Error | null;
}

/** Catches render errors of the page, reports them and shows the error screen. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  state: ErrorBoundaryState = { error: null };

  static getDerivedStateFromError(error: Error): ErrorBoundaryState {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo): void {
    void reportFrontendError(error, info.componentStack);
  }

  componentDidUpdate(previous: ErrorBoundaryProps): void {
    if (this.state.error && previous.resetKey !== this.props.resetKey) this.setState({ error: null });
  }

  render(): ReactNode {
    if (this.state.error) {
      return <ErrorScreen message={this.state.error.message} onRetry={() => this.setState({ error: null })} />;
    }
    return this.props.children;
  }
}

const STALE_CHUNK = /dynamically imported module|Importing a module script failed|error loading dynamically/i;
const STALE_RELOAD_KEY = 'planejador-stale-chunk-reload';

/** The router's error element: errors outside the page boundary (a route module that failed to load). */
export function RouteErrorScreen() {
  const error = useRouteError();
  const navigate = useNavigate();
  const location = useLocation();
  const message = error instanceof Error ? error.message : String(error ?? '');
  // At most one automatic reload every 10 s, so a truly missing file still reaches the error screen.
  const lastReload = Number(sessionStorage.getItem(STALE_RELOAD_KEY) ?? 0);
  const chunkFailed = STALE_CHUNK.test(message);
  const staleChunk = chunkFailed && Date.now() - lastReload > 10_000;

  useEffect(() => {
    // A new version was deployed while this tab was open: its old page files are gone. Reload once.
    if (staleChunk) {
      sessionStorage.setItem(STALE_RELOAD_KEY, String(Date.now()));
      window.location.reload();
    } else {
      void reportFrontendError(error);
    }
  }, [error, staleChunk]);

  if (staleChunk) return null;
  return (
    <ErrorScreen
      message={message}
      onRetry={() =>
        // The browser keeps a failed module import for the life of the page: only a reload fetches it again.
        chunkFailed ? window.location.reload() : void navigate(location.pathname + location.search, { replace: true })
      }
    />
  );
}
