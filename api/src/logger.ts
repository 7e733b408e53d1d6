import type { Params } from 'nestjs-pino';
import type { Settings } from '@planejador/config';

/** Structured logs; cookies, authorization and bodies never reach them. */
export function loggerOptions(settings: Settings): Params {
  return {
    pinoHttp: {
      level: settings.LOG_LEVEL,
      name: 'api',
      redact: {
        paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]', '*.password', '*.newPassword', '*.token'],
        remove: true,
      },
      autoLogging: { ignore: (req) => (req.url ?? '').startsWith('/assets/') || req.url === '/api/health' },
      // The signed-in user goes with the request (`req.userId`), not as a `customProps` child: a child of the
      // request's logger gives V8 a new hidden class per request (bench/README.md, API).
      serializers: {
        req: (req: { id: string; method: string; url: string; raw?: { user?: { id?: string } } }) => ({
          id: req.id,
          method: req.method,
          url: req.url?.split('?')[0],
          userId: req.raw?.user?.id,
        }),
      },
    },
  };
}
