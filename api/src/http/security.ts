import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import express, { type Request, type RequestHandler, type Response } from 'express';
import helmet from 'helmet';
import type { Settings } from '@planejador/config';
import type { ApiPassport } from '../auth/passport';
import { sameOriginGuard } from './same-origin';
import { servedOverHttps, skipSessionStrategy } from '../fast-path/session';
import { sentryOrigin, webDistDir } from './web-app';

/** The hashes of index.html's inline scripts, the only inline scripts the page's CSP allows. */
function inlineScriptHashes(indexHtml: string): string[] {
  const hashes: string[] = [];
  for (const m of indexHtml.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
    hashes.push(`'sha256-${createHash('sha256').update(m[1]).digest('base64')}'`);
  }
  return hashes;
}

/**
 * Security headers, body limits, sessions, the api's passport and the same-origin check. `session`: the HTTP app's
 * session middleware (ApiSessions.http), which may sign a read in from the SessionCache.
 */
export function setupHttp(app: INestApplication, settings: Settings, session: RequestHandler, passport: ApiPassport): void {
  const expressApp = app as NestExpressApplication;
  if (settings.TRUST_PROXY) expressApp.set('trust proxy', 1);
  expressApp.disable('x-powered-by');
  // No ETag (a SHA-1 of every body) on API answers: they are per-user and not cached. The web's files keep
  // theirs (serve-static makes its own).
  expressApp.set('etag', false);
  const dist = webDistDir(settings);
  const scriptHashes = dist ? inlineScriptHashes(readFileSync(join(dist, 'index.html'), 'utf8')) : [];
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'script-src': ["'self'", ...scriptHashes],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        // Same origin only (socket.io's ws:// or wss:// to this host is 'self'), and Sentry, to which the browser
        // sends its errors itself when SENTRY_DSN is set.
        'connect-src': ["'self'", ...[sentryOrigin(settings)].filter((origin): origin is string => origin !== null)],
        'frame-src': ["'self'", 'blob:', 'data:'],
        'upgrade-insecure-requests': servedOverHttps(settings) ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  expressApp.use(precomputedHeaders(securityHeaders));
  expressApp.use(express.json({ limit: '300kb' }));
  expressApp.use(sameOriginGuard(settings));
  expressApp.use(session);
  expressApp.use(passport.initialize());
  expressApp.use(skipSessionStrategy(passport.session()));
}

/**
 * `middleware` as a fixed list of header changes: it is run once, here, on a response that records its setHeader
 * and removeHeader calls (and throws if it reads anything else, or the request), and every response then gets the
 * same calls in the same order. For helmet with static options (no nonces, no functions in the CSP), whose headers
 * do not depend on the request: the same headers without its chain of a dozen middlewares per request (issue 19).
 */
export function precomputedHeaders(middleware: RequestHandler): RequestHandler {
  const changes: Array<readonly [name: string, value: string | undefined]> = [];
  const refuse = (what: string) => (_target: object, key: string | symbol) => {
    throw new Error(`precomputedHeaders: the middleware reads ${what}.${String(key)}, so its headers may depend on the request`);
  };
  const recorder = {
    setHeader: (name: string, value: string) => void changes.push([name, value]),
    removeHeader: (name: string) => void changes.push([name, undefined]),
  };
  const res = new Proxy(recorder, { get: (target, key) => (key in target ? target[key as keyof typeof recorder] : refuse('res')(target, key)) });
  const req = new Proxy({}, { get: refuse('req') });
  let done = false;
  middleware(req as Request, res as unknown as Response, (err?: unknown) => {
    if (err) throw err instanceof Error ? err : new Error(String(err));
    done = true;
  });
  if (!done) throw new Error('precomputedHeaders: the middleware did not call next() at once');
  return (_req, response, next) => {
    for (const [name, value] of changes) {
      if (value === undefined) response.removeHeader(name);
      else response.setHeader(name, value);
    }
    next();
  };
}
