import { createServer, type Server } from 'node:http';
import type { INestApplicationContext } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { HealthRepository } from '@planejador/db';
import { REDIS } from './tokens';

/**
 * GET /health of the worker (for orchestrators and the tests, instead of reading log lines): 200 when its Redis and
 * its PostgreSQL answer, 503 otherwise. Only when WORKER_HEALTH_PORT is set; it serves nothing else.
 */
export async function startHealthServer(app: INestApplicationContext, port: number, host: string): Promise<Server> {
  const redis = app.get<Redis>(REDIS);
  const health = app.get(HealthRepository);
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url !== '/health') {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"Não encontrado"}');
      return;
    }
    const timeout = <T>(p: Promise<T>) => Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), 2000))]);
    Promise.all([timeout(redis.ping()), timeout(health.pingDatabase())]).then(
      () => res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}'),
      () => res.writeHead(503, { 'content-type': 'application/json' }).end('{"status":"indisponível"}'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}
