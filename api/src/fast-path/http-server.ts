import { createServer, IncomingMessage, ServerResponse } from 'node:http';
import type { NestApplicationOptions } from '@nestjs/common';
import { ExpressAdapter } from '@nestjs/platform-express';
import type { Application, Response as ExpressResponse } from 'express';

/**
 * A subclass of `base` whose prototype carries `prototype`'s own properties and inherits what `prototype` inherits
 * (`prototype` must inherit from `base.prototype`, as Express's `app.request` and `app.response` do). Its instances
 * are built by `base`'s own construction (`super`), so V8 gives them the fast, shared hidden classes of a class's
 * instances; use the subclass's prototype where `prototype` was used (see ApiExpressAdapter).
 */
export function subclassWithPrototype<T extends object>(base: new (...args: never[]) => T, prototype: object): new (...args: never[]) => T {
  if (!(prototype instanceof base)) throw new TypeError(`the prototype must inherit from ${base.name}.prototype`);
  const Derived = class extends (base as new (...args: never[]) => object) {};
  Object.setPrototypeOf(Derived.prototype, Object.getPrototypeOf(prototype));
  for (const key of Reflect.ownKeys(prototype)) {
    Object.defineProperty(Derived.prototype, key, Object.getOwnPropertyDescriptor(prototype, key)!);
  }
  return Derived as new (...args: never[]) => T;
}

/**
 * Nest's Express adapter, except that its http server builds each request and response with Express's
 * prototypes already in place.
 *
 * Express gives every request and response its own prototype (`Object.setPrototypeOf(req, app.request)` in
 * `app.handle`). On Node 20 and 22, V8 then builds hidden classes for each request (every property added afterwards
 * by Express, express-session, pino-http and Nest makes new maps, descriptor arrays and inline-cache handlers), and
 * at 500 req/s the full collections that freed them were the api's latency tail (bench/README.md, API). Here the
 * server builds requests and responses as instances of subclasses of IncomingMessage and ServerResponse whose
 * prototypes are Express's own (`app.request` and `app.response` are replaced by them), so `setPrototypeOf` finds
 * the prototype already set and does nothing. Subclasses, not a plain function applying IncomingMessage to an object
 * made with the prototype: V8 put those objects in dictionary mode (slow properties) on Node 24 (requests and
 * responses) and 20-22 (responses); instances of a class keep fast properties and share maps on all three
 * (api/test/hidden-classes.int-spec.ts).
 */
export class ApiExpressAdapter extends ExpressAdapter {
  override initHttpServer(options: NestApplicationOptions): void {
    if (options?.httpsOptions || options?.forceCloseConnections) return super.initHttpServer(options);
    // Express's per-app prototypes (express/lib/express.js: `app.request`, `app.response`), not in its typings.
    const app = this.getInstance<Application & { request: object; response: object }>();
    const Request = subclassWithPrototype(IncomingMessage, app.request);
    const Response = subclassWithPrototype(ServerResponse, app.response);
    app.request = Request.prototype;
    app.response = Response.prototype;
    this.httpServer = createServer(
      { IncomingMessage: Request as typeof IncomingMessage, ServerResponse: Response as unknown as typeof ServerResponse },
      app,
    );
  }

  /**
   * A route's JSON answer, written as Express's `res.json` writes it (same body, Content-Type and Content-Length;
   * no body for HEAD) without its general path: `res.json` -> `res.send` parses and formats the Content-Type it
   * has just set (content-type, mime-types), looks up the ETag settings (off here: bench/README.md, API) and the
   * request's freshness (false without an ETag or Last-Modified), for every answer. Everything else (no body,
   * a stream, an error, a Content-Type or Transfer-Encoding already set, a status without a body) goes the usual way.
   */
  override reply(response: ExpressResponse, body: unknown, statusCode?: number): unknown {
    if (!isPlainJson(body) || response.hasHeader('content-type') || response.hasHeader('transfer-encoding')) {
      return super.reply(response, body, statusCode);
    }
    if (statusCode) response.status(statusCode);
    const status = response.statusCode;
    if (status === 204 || status === 205 || status === 304) return super.reply(response, body, statusCode);
    const json = JSON.stringify(body);
    response.setHeader('Content-Type', 'application/json; charset=utf-8');
    response.setHeader('Content-Length', Buffer.byteLength(json, 'utf8'));
    if (response.req.method === 'HEAD') response.end();
    else response.end(json, 'utf8');
    return response;
  }
}

/** An array or an object of the plain kind a route returns (not a stream, buffer, error or class instance). */
function isPlainJson(body: unknown): body is object {
  if (body === null || typeof body !== 'object') return false;
  if (Array.isArray(body)) return true;
  const prototype = Object.getPrototypeOf(body) as object | null;
  return prototype === Object.prototype || prototype === null;
}
