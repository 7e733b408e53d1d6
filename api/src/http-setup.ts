import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { STATUS_CODES, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { join, resolve } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import compression from 'compression';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import session from 'express-session';
import helmet from 'helmet';
import passport from 'passport';
import type { Pool } from 'pg';
import { MSG } from '@planejador/contracts';
import { appUrl, type Settings } from '@planejador/config';
import { createSessionStore } from './auth/session-store';

export const SESSION_COOKIE = 'planejador.sid';

export function sessionMiddleware(settings: Settings, pool: Pool): RequestHandler {
  const secret = settings.SESSION_SECRET ?? randomBytes(32).toString('hex');
  return session({
    name: SESSION_COOKIE,
    secret,
    store: createSessionStore(pool, { tableName: 'session', createTableIfMissing: false, pruneSessionInterval: 15 * 60, disableTouch: true }),
    resave: false,
    saveUninitialized: false,
    // No write per read: the session lasts 7 days from sign-in (or from its last change).
    rolling: false,
    cookie: {
      httpOnly: true,
      sameSite: 'lax',
      // Secure when the site is served over https (APP_URL): a production install behind TLS never sends the
      // session over plain http, and one reached at http://localhost (docker compose as it comes) still signs in.
      secure: servedOverHttps(settings),
      maxAge: 7 * 24 * 3600 * 1000,
    },
  });
}

/** What a production api without https logs at start. */
export const PLAIN_HTTP_WARNING =
  'APP_URL não é https: o cookie de sessão vai sem Secure. Atrás de um proxy com TLS, defina APP_URL=https://... e TRUST_PROXY=true.';

/** The public address (APP_URL) is https: cookies are Secure and the page upgrades http sub-requests. */
export function servedOverHttps(settings: Settings): boolean {
  return appUrl(settings).startsWith('https:');
}

/**
 * True when a request comes from the site itself (its Origin, or else its Referer, is APP_URL or the Host it
 * was sent to), or from something that is not a browser (no Origin nor Referer).
 */
export function fromSameSite(settings: Settings, source: string | undefined, host: string | undefined): boolean {
  if (!source) return true; // not a browser (browsers always send Origin on cross-site POST and on WebSockets)
  let origin: string;
  try {
    origin = new URL(source).origin;
  } catch {
    return false;
  }
  if (settings.APP_URL && new URL(settings.APP_URL).origin === origin) return true;
  return !!host && (origin === `http://${host}` || origin === `https://${host}`);
}

/** Refuses state-changing requests whose Origin (or Referer) is another site. */
export function sameOriginGuard(settings: Settings): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    if (['GET', 'HEAD', 'OPTIONS'].includes(req.method)) return next();
    if (fromSameSite(settings, req.get('origin') ?? req.get('referer'), req.get('host'))) return next();
    return res.status(403).json({ message: MSG.csrfRejected });
  };
}

function inlineScriptHashes(indexHtml: string): string[] {
  const hashes: string[] = [];
  for (const m of indexHtml.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
    hashes.push(`'sha256-${createHash('sha256').update(m[1]).digest('base64')}'`);
  }
  return hashes;
}

export function webDistDir(settings: Settings): string | null {
  const dir = resolve(settings.WEB_DIST_DIR ?? join(__dirname, '..', '..', 'web', 'dist'));
  return existsSync(join(dir, 'index.html')) ? dir : null;
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
          'connect-src': ["'self'", 'ws:', 'wss:'],
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

/**
 * Requests that Node's HTTP parser refuses before the app sees them (headers or URL over 16 KB, malformed
 * request lines) answer JSON like every other error, instead of an empty 431/400.
 */
export function answerClientErrorsWithJson(server: Server): void {
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    if (err.code === 'ECONNRESET' || !socket.writable) return void socket.destroy();
    const status = err.code === 'HPE_HEADER_OVERFLOW' ? 431 : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
    const body = JSON.stringify({ message: status === 431 ? 'Cabeçalhos ou endereço muito grandes.' : MSG.validationFailed });
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}

/** Serves the built web app; unknown non-API paths get index.html (client-side routes). */
export function serveWeb(app: INestApplication, settings: Settings): void {
  const dist = webDistDir(settings);
  if (!dist) return;
  const expressApp = app as NestExpressApplication;
  const isServerPath = (path: string) => path.startsWith('/api/') || path.startsWith('/socket.io') || path.startsWith('/admin/queues');
  // Only the web app's files are compressed (the API's JSON stays cheap on the CPU).
  const gzip = compression({ threshold: 1024 });
  // Hashed file names under /assets never change: cached for a year. Served from dist (the path keeps /assets/).
  const assets = express.static(dist, { index: false, immutable: true, maxAge: '1y', fallthrough: false });
  const files = express.static(dist, { index: false, maxAge: '1h' });
  const indexHtml = readFileSync(join(dist, 'index.html'), 'utf8');
  // Revalidated on each visit (no-cache): an unchanged page answers 304.
  const indexEtag = `"${createHash('sha1').update(indexHtml).digest('base64url')}"`;
  expressApp.use((req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || isServerPath(req.path)) return next();
    gzip(req, res, () => {
      if (req.path.startsWith('/assets/')) return assets(req, res, next);
      files(req, res, () => {
        if (!(req.headers.accept ?? '').includes('text/html')) return next();
        res.setHeader('Cache-Control', 'no-cache');
        res.setHeader('ETag', indexEtag);
        if (req.fresh) return void res.status(304).end();
        res.type('html').send(indexHtml);
      });
    });
  });
}
