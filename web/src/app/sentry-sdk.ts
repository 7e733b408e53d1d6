import {
  browserApiErrorsIntegration,
  captureException,
  dedupeIntegration,
  globalHandlersIntegration,
  httpContextIntegration,
  init,
  linkedErrorsIntegration,
  type ErrorEvent,
} from '@sentry/react';

/** The Sentry part of error-reporting.ts: its own chunk, loaded only when the page has a DSN. */

/** A URL without its query string and fragment. */
const withoutQuery = (url: string) => url.replace(/[?#].*$/, '');

/** Removes what must never leave the browser (the same rules as the api's scrubEvent). */
function scrubBrowserEvent(event: ErrorEvent): ErrorEvent {
  if (event.request) {
    delete event.request.cookies;
    delete event.request.query_string;
    delete event.request.data;
    if (event.request.url) event.request.url = withoutQuery(event.request.url);
    const headers = event.request.headers;
    if (headers) {
      for (const name of Object.keys(headers)) {
        if (/^referer$/i.test(name)) headers[name] = withoutQuery(headers[name]);
        else if (!/^user-agent$/i.test(name)) delete headers[name];
      }
    }
  }
  delete event.user;
  delete event.breadcrumbs;
  return event;
}

/** Starts Sentry; answers how to report an error caught by a page's error screen. */
export function startSentry(dsn: string, environment: string): (error: unknown, componentStack?: string | null) => void {
  init({
    dsn,
    environment,
    // Only errors: no tracing, no replay, no breadcrumbs (they would carry URLs and texts the teacher typed).
    defaultIntegrations: false,
    integrations: [
      globalHandlersIntegration(),
      browserApiErrorsIntegration(),
      linkedErrorsIntegration(),
      dedupeIntegration(),
      httpContextIntegration(),
    ],
    initialScope: { tags: { service: 'web' } },
    beforeSend: scrubBrowserEvent,
  });
  return (error, componentStack) => {
    captureException(error, componentStack ? { contexts: { react: { componentStack } } } : undefined);
  };
}
