import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { setFlagsFromString } from 'node:v8';
import { signUpTeacher, turmaInput } from '@planejador/testing';
import { startApi, type ApiHarness } from './api-harness';

// V8's own check of whether two objects share a hidden class (map). Natives syntax is allowed from here on, for
// functions compiled after this line.
setFlagsFromString('--allow-natives-syntax');
const haveSameMap = new Function('a', 'b', 'return %HaveSameMap(a, b)') as (a: object, b: object) => boolean;
const hasFastProperties = new Function('a', 'return %HasFastProperties(a)') as (a: object) => boolean;

/**
 * Requests that take the same path through the api must share V8's hidden classes. When each request gets hidden
 * classes of its own (a prototype changed after construction, a per-request object used as a prototype), every
 * request allocates maps straight into the old generation, and the full collections that free them are the api's
 * latency tail (bench/README.md, API).
 */
describe('hidden classes of requests', () => {
  let api: ApiHarness;
  beforeAll(async () => {
    api = await startApi();
  });
  afterAll(() => api?.close());

  it('are the same for every request to a route, with its session, user and logger, and keep fast properties', async () => {
    const { client } = await signUpTeacher(api);
    expect((await client.post('/api/turmas', turmaInput())).status).toBe(201);
    const seen: { req: IncomingMessage & { log?: object }; res: ServerResponse }[] = [];
    const server = api.app.getHttpServer() as Server;
    const capture = (req: IncomingMessage, res: ServerResponse) => res.once('finish', () => seen.push({ req, res }));
    server.prependListener('request', capture);
    try {
      for (let i = 0; i < 10; i++) expect((await client.get('/api/turmas')).status).toBe(200);
    } finally {
      server.removeListener('request', capture);
    }
    expect(seen).toHaveLength(10);
    // Dictionary mode (a `delete` on the request, or objects built around a prototype V8 cannot track) makes every
    // property access slow, and makes "sharing a map" depend on a cache that collections clear.
    for (const { req, res } of seen) expect({ req: hasFastProperties(req), res: hasFastProperties(res) }).toEqual({ req: true, res: true });
    // The first requests may still settle field representations, and V8 may generalise a field (giving later objects
    // a new map) at any point; with a hidden class per request, no two requests would ever share one. So: of the
    // last 6 requests, most consecutive pairs share the maps of the request, the response and the logger.
    const last = seen.slice(-6);
    let shared = 0;
    for (let i = 1; i < last.length; i++) {
      const [a, b] = [last[i - 1], last[i]];
      expect(a.req).not.toBe(b.req);
      if (haveSameMap(a.req, b.req) && haveSameMap(a.res, b.res) && a.req.log && b.req.log && haveSameMap(a.req.log, b.req.log)) shared += 1;
    }
    expect(shared).toBeGreaterThanOrEqual(3);
  });
});
