import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import compression from 'compression';
import express, { type NextFunction, type Request, type Response } from 'express';
import type { Settings } from '@planejador/config';

/** The built web app's folder (WEB_DIST_DIR, else web/dist), or null when it is not built. */
export function webDistDir(settings: Settings): string | null {
  const dir = resolve(settings.WEB_DIST_DIR ?? join(__dirname, '..', '..', '..', 'web', 'dist'));
  return existsSync(join(dir, 'index.html')) ? dir : null;
}

/**
 * /api itself and every path under it: the API's, answered in JSON (a 404 too), never the web app's index.html.
 * Case-insensitive, as Express routes (GET /API/turmas reaches the API's route).
 */
const API_PATH = /^\/api(?:\/|$)/i;

/** Serves the built web app; every other non-API GET gets index.html (client-side routes), whatever its Accept. */
export function serveWeb(app: INestApplication, settings: Settings): void {
  const dist = webDistDir(settings);
  if (!dist) return;
  const expressApp = app as NestExpressApplication;
  const isServerPath = (path: string) => API_PATH.test(path) || path.startsWith('/socket.io') || path.startsWith('/admin/queues');
  // Only the web app's files are compressed (the API's JSON stays cheap on the CPU).
  const gzip = compression({ threshold: 1024 });
  // Hashed file names under /assets never change: cached for a year. Served from dist (the path keeps /assets/).
  const assets = express.static(dist, { index: false, immutable: true, maxAge: '1y', fallthrough: false });
  const files = express.static(dist, { index: false, maxAge: '1h' });
  const indexHtml = withRuntimeConfig(readFileSync(join(dist, 'index.html'), 'utf8'), settings);
  // Revalidated on each visit (no-cache): an unchanged page answers 304.
  const indexEtag = `"${createHash('sha1').update(indexHtml).digest('base64url')}"`;
  expressApp.use((req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || isServerPath(req.path)) return next();
    gzip(req, res, () => {
      if (req.path.startsWith('/assets/')) return assets(req, res, next);
      files(req, res, () => {
        // Every other GET is a page of the app (curl, link checkers and browsers alike); a missing file such as
        // /favicon.png or /robots.txt is still a 404.
        if (/\.[a-z0-9]{1,8}$/i.test(req.path)) return next();
        res.setHeader('Cache-Control', 'no-cache');
        res.setHeader('ETag', indexEtag);
        if (req.fresh) return void res.status(304).end();
        res.type('html').send(indexHtml);
      });
    });
  });
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * index.html with what the page reads at run time: with SENTRY_DSN set, the DSN and the environment as meta tags
 * (web/src/app/error-reporting.ts loads @sentry/react only then). A DSN's key is public by design.
 */
export function withRuntimeConfig(indexHtml: string, settings: Pick<Settings, 'SENTRY_DSN' | 'NODE_ENV'>): string {
  const dsn = settings.SENTRY_DSN?.trim();
  if (!dsn) return indexHtml;
  const tags = [
    `<meta name="sentry-dsn" content="${escapeAttribute(dsn)}" />`,
    `<meta name="sentry-environment" content="${escapeAttribute(settings.NODE_ENV)}" />`,
  ];
  return indexHtml.replace('</head>', `  ${tags.join('\n    ')}\n  </head>`);
}

/** The origin the browser sends Sentry events to (for the page's CSP connect-src), or null without a valid DSN. */
export function sentryOrigin(settings: Pick<Settings, 'SENTRY_DSN'>): string | null {
  const dsn = settings.SENTRY_DSN?.trim();
  if (!dsn) return null;
  try {
    return new URL(dsn).origin;
  } catch {
    return null;
  }
}
