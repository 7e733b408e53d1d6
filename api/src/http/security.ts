import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import express, { type RequestHandler } from 'express';
import helmet from 'helmet';
import passport from 'passport';
import type { Settings } from '@planejador/config';
import { sameOriginGuard } from './same-origin';
import { servedOverHttps } from './session';
import { sentryOrigin, webDistDir } from './web-app';

/** The hashes of index.html's inline scripts, the only inline scripts the page's CSP allows. */
function inlineScriptHashes(indexHtml: string): string[] {
  const hashes: string[] = [];
  for (const m of indexHtml.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
    hashes.push(`'sha256-${createHash('sha256').update(m[1]).digest('base64')}'`);
  }
  return hashes;
}

/** Security headers, body limits, sessions, passport and the same-origin check. */
export function setupHttp(app: INestApplication, settings: Settings, session: RequestHandler): void {
  const expressApp = app as NestExpressApplication;
  if (settings.TRUST_PROXY) expressApp.set('trust proxy', 1);
  expressApp.disable('x-powered-by');
  // No ETag (a SHA-1 of every body) on API answers: they are per-user and not cached. The web's files keep
  // theirs (serve-static makes its own).
  expressApp.set('etag', false);
  const dist = webDistDir(settings);
  const scriptHashes = dist ? inlineScriptHashes(readFileSync(join(dist, 'index.html'), 'utf8')) : [];
  expressApp.use(
    helmet({
      contentSecurityPolicy: {
        useDefaults: true,
        directives: {
          'script-src': ["'self'", ...scriptHashes],
          'style-src': ["'self'", "'unsafe-inline'"],
          'img-src': ["'self'", 'data:', 'blob:'],
          // The browser sends its errors to Sentry itself when SENTRY_DSN is set.
          'connect-src': ["'self'", 'ws:', 'wss:', ...[sentryOrigin(settings)].filter((origin): origin is string => origin !== null)],
          'frame-src': ["'self'", 'blob:', 'data:'],
          'upgrade-insecure-requests': servedOverHttps(settings) ? [] : null,
        },
      },
      crossOriginEmbedderPolicy: false,
    }),
  );
  expressApp.use(express.json({ limit: '300kb' }));
  expressApp.use(sameOriginGuard(settings));
  expressApp.use(session);
  expressApp.use(passport.initialize());
  expressApp.use(passport.session());
}
