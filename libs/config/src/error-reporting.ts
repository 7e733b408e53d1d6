/**
 * Errors of the api and the worker go to Sentry when SENTRY_DSN is set (nothing is loaded otherwise). Events
 * carry no cookie, no authorization header, no request body and no e-mail: only what locates the error.
 */
type SentryModule = typeof import('@sentry/node');

let sentry: SentryModule | null = null;

const SECRET_KEYS = /pass(word)?|senha|token|secret|cookie|authorization|session|key|dsn/i;

/** Removes what must never leave the server: cookies, headers with credentials, bodies, user e-mails, secrets. */
export function scrubEvent<T extends Record<string, unknown>>(event: T): T {
  const copy = structuredClone(event) as Record<string, unknown>;
  const request = copy.request as Record<string, unknown> | undefined;
  if (request) {
    delete request.cookies;
    delete request.data;
    delete request.query_string;
    const headers = request.headers as Record<string, string> | undefined;
    if (headers) for (const name of Object.keys(headers)) if (SECRET_KEYS.test(name)) delete headers[name];
  }
  // An ORM error's message starts with the whole statement and its values (e-mails, password hashes, texts):
  // only the database's own message is kept, and no e-mail address anywhere in an error's text.
  const exception = copy.exception as { values?: { value?: string }[] } | undefined;
  for (const item of exception?.values ?? []) if (item.value) item.value = withoutStatement(item.value);
  if (typeof copy.message === 'string') copy.message = withoutStatement(copy.message);
  const user = copy.user as Record<string, unknown> | undefined;
  if (user) copy.user = user.id ? { id: user.id } : undefined;
  const extra = copy.extra as Record<string, unknown> | undefined;
  if (extra) for (const name of Object.keys(extra)) if (SECRET_KEYS.test(name)) delete extra[name];
  return copy as T;
}

/** An error text without a leading SQL statement (MikroORM: '<statement> - <message>') and without e-mails. */
function withoutStatement(text: string): string {
  const statement = /^\s*(insert|update|delete|select|with|create|alter|drop)\b[\s\S]* - /i;
  return text.replace(statement, '').replace(/[^\s@'"<>(),;]+@[^\s@'"<>(),;]+\.[a-z]{2,}/gi, '[e-mail]');
}

let activeDsn: string | null = null;

/** Starts reporting when a DSN is given (once per process and DSN); without one, nothing is reported. */
export async function initErrorReporting(options: { dsn?: string; service: 'api' | 'worker'; environment?: string }): Promise<boolean> {
  const dsn = options.dsn?.trim();
  if (!dsn) {
    sentry = null;
    activeDsn = null;
    return false;
  }
  if (activeDsn === dsn && sentry) return true;
  activeDsn = dsn;
  sentry = await import('@sentry/node');
  sentry.init({
    dsn,
    environment: options.environment ?? 'production',
    serverName: options.service,
    // Only errors: no tracing, no automatic instrumentation of http, express or the database.
    defaultIntegrations: false,
    integrations: [sentry.linkedErrorsIntegration()],
    initialScope: { tags: { service: options.service } },
    beforeSend: (event) => scrubEvent(event as unknown as Record<string, unknown>) as unknown as typeof event,
  });
  return true;
}

/** Reports an error (with a little context: ids, never texts or secrets); a no-op without a DSN. */
export function reportError(error: unknown, context: Record<string, string | number | boolean | null | undefined> = {}): void {
  if (!sentry) return;
  sentry.captureException(error, { tags: Object.fromEntries(Object.entries(context).filter(([, v]) => v !== undefined && v !== null)) as Record<string, string> });
}

/** Waits for queued events to be sent (at shutdown). */
export async function flushErrorReporting(timeoutMs = 2000): Promise<void> {
  if (sentry) await sentry.flush(timeoutMs);
}
