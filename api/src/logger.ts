import pino from 'pino';
import type { Params } from 'nestjs-pino';
import type { Settings } from '@planejador/config';

/** What the request serializer reads: the request itself (Express's), or pino-std-serializers' copy of one. */
interface LoggedRequest {
  id?: unknown;
  method?: string;
  originalUrl?: string;
  url?: string;
  path?: unknown;
  raw?: LoggedRequest;
  user?: { id?: string };
}

/** Structured logs; cookies, authorization and bodies never reach them. */
export function loggerOptions(settings: Settings): Params {
  // pino-http logs each finished request at 'info' (no customLogLevel): below that level, none is ever written.
  const requestsLogged = pino.levels.values[settings.LOG_LEVEL] <= pino.levels.values.info;
  return {
    pinoHttp: {
      level: settings.LOG_LEVEL,
      name: 'api',
      redact: {
        paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]', '*.password', '*.newPassword', '*.token'],
        remove: true,
      },
      // Ignoring every request when they are not logged spares each one its two listeners and the finished
      // line's objects (the 'error' listener stays, as pino-http always adds it).
      autoLogging: { ignore: requestsLogged ? (req) => (req.url ?? '').startsWith('/assets/') || req.url === '/api/health' : () => true },
      // The request's line fields straight from the request: pino-http's default wraps this serializer in
      // pino-std-serializers' own copy of the request (headers, query parsed, remote address), of which it kept
      // four fields, for every request, logged or not (its child logger serializes at once). Same fields, same
      // values. The response and error serializers are the ones pino-http would wrap in.
      wrapSerializers: false,
      serializers: {
        // The signed-in user goes with the request (`req.userId`), not as a `customProps` child: a child of the
        // request's logger gives V8 a new hidden class per request (bench/README.md, API).
        req: (req: LoggedRequest) => ({
          id: req.id || undefined,
          method: req.method,
          url: (req.originalUrl || (typeof req.path === 'string' ? req.path : req.url))?.split('?')[0],
          userId: (req.raw || req).user?.id,
        }),
        res: pino.stdSerializers.res,
        err: pino.stdSerializers.err,
      },
    },
  };
}
