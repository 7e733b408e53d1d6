import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';
import { precomputedHeaders } from './security';

/** The headers a request gets from `middleware` on a real http server, in the order they were sent. */
async function headersFrom(middleware: RequestHandler): Promise<Array<[string, string]>> {
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    res.setHeader('X-Powered-By', 'Express');
    middleware(req as Request, res as Response, () => res.end('ok'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/turmas`);
    await res.text();
    const headers: Array<[string, string]> = [];
    res.headers.forEach((value, name) => {
      if (!['date', 'connection', 'keep-alive', 'content-length'].includes(name)) headers.push([name, value]);
    });
    return headers;
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

describe('precomputedHeaders', () => {
  const options = {
    contentSecurityPolicy: {
      useDefaults: true,
      directives: { 'script-src': ["'self'", "'sha256-abc'"], 'upgrade-insecure-requests': null },
    },
    crossOriginEmbedderPolicy: false,
  };

  it("sends helmet's headers, the same names and values, and removes X-Powered-By as helmet does", async () => {
    const fromHelmet = await headersFrom(helmet(options));
    const precomputed = await headersFrom(precomputedHeaders(helmet(options)));
    expect(precomputed).toEqual(fromHelmet);
    expect(Object.fromEntries(precomputed)).toMatchObject({
      'content-security-policy': expect.stringContaining("script-src 'self' 'sha256-abc'"),
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
    });
    expect(precomputed.map(([name]) => name)).not.toContain('x-powered-by');
  });

  it('refuses a middleware whose headers depend on the request, or that answers later', () => {
    const readsRequest: RequestHandler = (req, res, next) => {
      res.setHeader('X-Host', String(req.headers.host));
      next();
    };
    expect(() => precomputedHeaders(readsRequest)).toThrow(/reads req\.headers/);
    const readsResponse: RequestHandler = (_req, res, next) => {
      if (!res.headersSent) res.setHeader('X-A', '1');
      next();
    };
    expect(() => precomputedHeaders(readsResponse)).toThrow(/reads res\.headersSent/);
    expect(() => precomputedHeaders((_req, _res, next) => void setTimeout(next, 1))).toThrow(/did not call next/);
  });
});
