/**
 * The browser's errors go to Sentry (@sentry/react) when the api serves the page with a DSN (SENTRY_DSN, given
 * at run time as <meta name="sentry-dsn">). Without one nothing is loaded nor sent: the SDK is its own chunk
 * (sentry-sdk.ts), fetched only then. Events carry no cookies, no query strings or fragments (reset and
 * verification tokens) and no user data: only what locates the error.
 */
let capture: ((error: unknown, componentStack?: string | null) => void) | null = null;

function meta(name: string): string | null {
  return document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content.trim() || null;
}

/** Starts reporting when the page carries a DSN; a no-op otherwise. */
export async function startErrorReporting(): Promise<void> {
  const dsn = meta('sentry-dsn');
  if (!dsn || capture) return;
  const { startSentry } = await import('./sentry-sdk');
  capture = startSentry(dsn, meta('sentry-environment') ?? 'production');
}

/** Reports an error caught by the page's error screens (React keeps those from window.onerror). */
export function captureError(error: unknown, componentStack?: string | null): void {
  capture?.(error, componentStack);
}
