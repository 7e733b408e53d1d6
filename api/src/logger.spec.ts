import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { pinoHttp, type Options } from 'pino-http';
import { loadSettings } from '@planejador/config';
import { loggerOptions } from './logger';

/** Serves one GET through pino-http with the api's options; the lines it logged and the listeners it left. */
async function logOne(level: string, url: string) {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString('utf8')) as Record<string, unknown>);
      done();
    },
  });
  const middleware = pinoHttp(loggerOptions(loadSettings({ LOG_LEVEL: level })).pinoHttp as Options, stream);
  const listeners: number[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    Object.assign(req, { originalUrl: req.url, user: { id: 'u-1' } });
    const before = res.listenerCount('finish');
    middleware(req, res, () => {
      listeners.push(res.listenerCount('finish') - before, res.listenerCount('error'));
      (req as IncomingMessage & { log: { warn(msg: string): void } }).log.warn('dentro da rota');
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    await (await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}${url}`, { headers: { cookie: 'planejador.sid=x' } })).text();
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
  return { lines, listeners };
}

describe('the request log', () => {
  it('shows the request as id, method, path (no query) and user, never its headers', async () => {
    const { lines } = await logOne('info', '/api/planos?cursor=abc');
    const completed = lines.find((l) => l.msg === 'request completed');
    expect(completed?.req).toEqual({ id: 1, method: 'GET', url: '/api/planos', userId: 'u-1' });
    expect(completed?.res).toMatchObject({ statusCode: 200 });
    expect(lines.find((l) => l.msg === 'dentro da rota')?.req).toEqual({ id: 1, method: 'GET', url: '/api/planos', userId: 'u-1' });
  });

  it('below info, logs no finished request and waits for none, and a warning still names the request', async () => {
    const { lines, listeners } = await logOne('warn', '/api/turmas');
    expect(lines.map((l) => l.msg)).toEqual(['dentro da rota']);
    expect(lines[0].req).toEqual({ id: 1, method: 'GET', url: '/api/turmas', userId: 'u-1' });
    expect(listeners).toEqual([0, 1]); // no 'finish' listener; the 'error' one pino-http always adds
  });
});
