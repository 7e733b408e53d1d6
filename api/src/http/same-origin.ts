import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { MSG } from '@planejador/contracts';
import type { Settings } from '@planejador/config';

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
