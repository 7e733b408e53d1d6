import type { FrontendErrorInput } from '@planejador/contracts';
import { captureError } from './error-reporting';

/**
 * Posts a caught error to the api's log (a failure is only logged to the console, spec section 7) and, when
 * SENTRY_DSN is set, to Sentry.
 */
export async function reportFrontendError(error: unknown, componentStack?: string | null): Promise<void> {
  captureError(error, componentStack);
  const err = error instanceof Error ? error : new Error(String(error));
  const payload: FrontendErrorInput = {
    message: err.message.slice(0, 5000),
    stack: err.stack?.slice(0, 20000) ?? null,
    componentStack: componentStack?.slice(0, 20000) ?? null,
    timestamp: new Date().toISOString(),
    url: window.location.href.slice(0, 2000),
    userAgent: navigator.userAgent.slice(0, 1000),
  };
  try {
    const response = await fetch('/api/logs/frontend-error', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      credentials: 'include',
      body: JSON.stringify(payload),
    });
    if (!response.ok) console.error('Falha ao registrar erro do frontend:', response.status);
  } catch (reportError) {
    console.error('Falha ao registrar erro do frontend:', reportError);
  }
}
