import { IncomingMessage, ServerResponse, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Application, Request, Response } from 'express';
import { ApiExpressAdapter, subclassWithPrototype } from './http-server';

describe('subclassWithPrototype', () => {
  it("builds the base's instances whose prototype has the given one's properties and parents", () => {
    const parent = Object.create(IncomingMessage.prototype, { greet: { value: () => 'olá' } });
    const prototype = Object.create(parent, { app: { value: 'app', enumerable: true } });
    const Request = subclassWithPrototype(IncomingMessage, prototype);
    const req = new Request(null as never) as IncomingMessage & { greet(): string; app: string };
    expect(Object.getPrototypeOf(Object.getPrototypeOf(req))).toBe(parent);
    expect(req).toBeInstanceOf(IncomingMessage);
    expect(req.headers).toEqual({}); // IncomingMessage's own construction ran
    expect(req.greet()).toBe('olá');
    expect(req.app).toBe('app');
  });

  it('refuses a prototype that does not inherit from the base', () => {
    expect(() => subclassWithPrototype(IncomingMessage, {})).toThrow(/must inherit/);
  });
});

describe('ApiExpressAdapter', () => {
  let server: Server;
  afterEach(() => new Promise((resolve) => server?.close(resolve)));

  it("gives Express's prototypes to each request and response before Express sees them, and serves as usual", async () => {
    const adapter = new ApiExpressAdapter();
    adapter.initHttpServer({});
    const app = adapter.getInstance<Application & { request: object; response: object }>();
    server = adapter.getHttpServer() as Server;
    const seen: { request: boolean; response: boolean }[] = [];
    // Runs before Express's own listener (which would set the prototypes itself).
    server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
      seen.push({ request: Object.getPrototypeOf(req) === app.request, response: Object.getPrototypeOf(res) === app.response });
    });
    app.get('/eco', (req: Request, res: Response) => res.json({ path: req.path, query: req.query, app: req.app === app }));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;

    const res = await fetch(`http://127.0.0.1:${port}/eco?x=1`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await res.json()).toEqual({ path: '/eco', query: { x: '1' }, app: true });
    expect(seen).toEqual([{ request: true, response: true }]);
  });
});

describe('ApiExpressAdapter.reply', () => {
  let server: Server;
  let base: string;
  const body = { nome: 'Turma 5ºA', quando: new Date('2026-11-26T12:00:00Z'), itens: [1, 'dois', null] };
  beforeAll(async () => {
    const adapter = new ApiExpressAdapter();
    adapter.initHttpServer({});
    const app = adapter.getInstance<Application>();
    server = adapter.getHttpServer() as Server;
    app.all('/express', (_req: Request, res: Response) => res.status(201).json(body));
    app.all('/reply', (_req: Request, res: Response) => adapter.reply(res, body, 201));
    app.all('/lista', (_req: Request, res: Response) => adapter.reply(res, [body]));
    app.all('/vazio', (_req: Request, res: Response) => adapter.reply(res, body, 204));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const answer = async (path: string, method = 'GET') => {
    const res = await fetch(base + path, { method });
    return { status: res.status, type: res.headers.get('content-type'), length: res.headers.get('content-length'), text: await res.text() };
  };

  it("answers a plain object as Express's res.json does: same status, body, Content-Type and Content-Length", async () => {
    const viaExpress = await answer('/express');
    expect(await answer('/reply')).toEqual(viaExpress);
    expect(viaExpress).toMatchObject({ status: 201, type: 'application/json; charset=utf-8' });
    expect(JSON.parse(viaExpress.text)).toEqual(JSON.parse(JSON.stringify(body)));
    expect((await answer('/lista')).text).toBe(JSON.stringify([body]));
  });

  it('sends no body for HEAD, with the same headers, and none for 204', async () => {
    expect(await answer('/reply', 'HEAD')).toEqual(await answer('/express', 'HEAD'));
    expect(await answer('/reply', 'HEAD')).toMatchObject({ text: '' });
    expect(await answer('/vazio')).toMatchObject({ status: 204, text: '', type: null });
  });
});
