import { IncomingMessage, ServerResponse, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Application, Request, Response } from 'express';
import { ApiExpressAdapter, constructorWithPrototype } from './http-server';

describe('constructorWithPrototype', () => {
  it("builds the base's instances with the given prototype from the start", () => {
    const prototype = Object.create(IncomingMessage.prototype, { greet: { value: () => 'olá' } });
    const Request = constructorWithPrototype(IncomingMessage, prototype);
    const req = new Request(null as never) as IncomingMessage & { greet(): string };
    expect(Object.getPrototypeOf(req)).toBe(prototype);
    expect(req).toBeInstanceOf(IncomingMessage);
    expect(req.headers).toEqual({}); // IncomingMessage's own construction ran
    expect(req.greet()).toBe('olá');
  });

  it('refuses a class, whose construction it could not reuse', () => {
    class Base {}
    expect(() => constructorWithPrototype(Base, Object.create(Base.prototype))).toThrow(/is a class/);
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
    app.get('/eco', (req: Request, res: Response) => res.json({ path: req.path, query: req.query }));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;

    const res = await fetch(`http://127.0.0.1:${port}/eco?x=1`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ path: '/eco', query: { x: '1' } });
    expect(seen).toEqual([{ request: true, response: true }]);
  });
});
