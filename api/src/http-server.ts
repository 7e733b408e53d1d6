import { createServer, IncomingMessage, ServerResponse } from 'node:http';
import type { NestApplicationOptions } from '@nestjs/common';
import { ExpressAdapter } from '@nestjs/platform-express';
import type { Application } from 'express';

/**
 * A constructor for `base` whose instances have `prototype` from birth (`new Ctor(...args)` is `base`'s
 * construction, with `prototype` in place of `base.prototype`). `prototype` must inherit from `base.prototype`.
 * `base` must be an ES5 constructor function (as node:http's IncomingMessage and ServerResponse are): it is
 * applied to the new object. Not `Reflect.construct(base, args, Ctor)`: V8 would then build a new hidden class
 * for every instance (Ctor's initial map would belong to Ctor, not to `base`), the very cost this avoids.
 */
export function constructorWithPrototype<T extends object>(base: new (...args: never[]) => T, prototype: object): new (...args: never[]) => T {
  if (isClass(base)) throw new TypeError(`${base.name} is a class: its prototype cannot be replaced this way`);
  function Constructed(this: T, ...args: never[]): void {
    (base as unknown as (...a: never[]) => void).apply(this, args);
  }
  Constructed.prototype = prototype;
  return Constructed as unknown as new (...args: never[]) => T;
}

function isClass(fn: unknown): boolean {
  return typeof fn === 'function' && /^class\b/.test(Function.prototype.toString.call(fn));
}

/**
 * Nest's Express adapter, except that its http server builds each request and response with Express's
 * prototypes already in place.
 *
 * Express gives every request and response its own prototypes (`Object.setPrototypeOf(req, app.request)` in
 * `app.handle`). On V8, the object then leaves the hidden classes shared by all requests: every property added
 * afterwards (by Node, Express, express-session, pino-http, Nest) builds a new chain of hidden classes, with their
 * descriptor arrays and inline-cache handlers, for every request, and the request objects outlive the scavenges.
 * At 500 req/s the old generation grew by about 19 MB/s (16 promoted, 3 allocated there directly; a full
 * collection then found 110 of 116 MB dead to be descriptor arrays and IC handlers), and the full collections'
 * pauses were the api's latency tail (bench/README.md, API). Built with the right prototype, `setPrototypeOf`
 * finds it already set and does nothing: all requests share the same hidden classes, and the old generation grows
 * by under 2 MB/s.
 */
export class ApiExpressAdapter extends ExpressAdapter {
  override initHttpServer(options: NestApplicationOptions): void {
    // A later Node whose IncomingMessage or ServerResponse is a class keeps Express's usual way.
    if (options?.httpsOptions || options?.forceCloseConnections || isClass(IncomingMessage) || isClass(ServerResponse)) {
      return super.initHttpServer(options);
    }
    // Express's per-app prototypes (express/lib/express.js: `app.request`, `app.response`), not in its typings.
    const app = this.getInstance<Application & { request: object; response: object }>();
    this.httpServer = createServer(
      {
        IncomingMessage: constructorWithPrototype(IncomingMessage, app.request) as typeof IncomingMessage,
        ServerResponse: constructorWithPrototype(ServerResponse, app.response) as unknown as typeof ServerResponse,
      },
      app,
    );
  }
}
