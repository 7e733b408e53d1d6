import { Component, type ErrorInfo, type ReactNode } from 'react';
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

/** The router's error element: errors outside the page boundary (a route module that failed to load). */
export function RouteErrorScreen() {
  const error = useRouteError();
  const navigate = useNavigate();
  const location = useLocation();
  const message = error instanceof Error ? error.message : String(error ?? '');
  return (
    <ErrorScreen
      message={message}
      onRetry={() => void navigate(location.pathname + location.search, { replace: true })}
    />
  );
}
