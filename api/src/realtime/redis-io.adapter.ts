import type { IncomingMessage } from 'node:http';
import type { INestApplicationContext } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import type { RequestHandler } from 'express';
import type { Redis } from 'ioredis';
import type { Server, ServerOptions } from 'socket.io';
import { SOCKET_PATH } from '@planejador/contracts';

/**
 * socket.io with the Redis adapter (events published by any api process or by the worker's emitter
 * reach the right browser) and the session middleware on the handshake (authentication by cookie).
 */
export class RedisIoAdapter extends IoAdapter {
  constructor(
    app: INestApplicationContext,
    private readonly redis: Redis,
    private readonly keyPrefix: string,
    private readonly session: RequestHandler,
    private readonly passportInit: RequestHandler,
    private readonly passportSession: RequestHandler,
    /** Refuses handshakes from other sites (cross-site WebSocket hijacking), like the HTTP same-origin check. */
    private readonly fromSameSite: (req: IncomingMessage) => boolean = () => true,
  ) {
    super(app);
  }

  private pub?: Redis;
  private sub?: Redis;

  override createIOServer(port: number, options?: ServerOptions): Server {
    const server: Server = super.createIOServer(port, {
      ...options,
      path: SOCKET_PATH,
      serveClient: false,
      allowRequest: (req: IncomingMessage, callback: (err: string | null | undefined, success: boolean) => void) =>
        callback(null, this.fromSameSite(req)),
    });
    this.pub = this.redis.duplicate({ enableOfflineQueue: true, maxRetriesPerRequest: null });
    this.sub = this.redis.duplicate({ enableOfflineQueue: true, maxRetriesPerRequest: null });
    server.adapter(createAdapter(this.pub, this.sub, { key: `${this.keyPrefix}:socket.io` }));
    server.engine.use(this.session);
    server.engine.use(this.passportInit);
    server.engine.use(this.passportSession);
    return server;
  }

  override async close(server: Server): Promise<void> {
    await super.close(server);
    this.pub?.disconnect();
    this.sub?.disconnect();
  }
}
