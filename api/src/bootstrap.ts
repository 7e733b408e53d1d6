import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Logger } from 'nestjs-pino';
import passport from 'passport';
import type { Pool } from 'pg';
import type { Redis } from 'ioredis';
import type { Settings } from '@planejador/config';
import { AppModule } from './app.module';
import { AllExceptionsFilter, expressErrorHandler } from './core/http-exception.filter';
import { PG_POOL, REDIS, SETTINGS } from './core/tokens';
import { answerClientErrorsWithJson, fromSameSite, serveWeb, sessionMiddleware, setupHttp } from './http-setup';
import { ApiExpressAdapter } from './http-server';
import { RedisIoAdapter } from './realtime/redis-io.adapter';
import { mountQueueDashboard } from './admin/queue-dashboard';

/** Builds the api (used by main.ts and by the tests, which listen on a random port). */
export async function createApp(): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule, new ApiExpressAdapter(), { bufferLogs: true, bodyParser: false });
  app.useLogger(app.get(Logger));
  app.enableShutdownHooks();
  const settings = app.get<Settings>(SETTINGS);
  const pool = app.get<Pool>(PG_POOL);
  const redis = app.get<Redis>(REDIS);
  const session = sessionMiddleware(settings, pool);
  setupHttp(app, settings, session);
  answerClientErrorsWithJson(app.getHttpServer());
  mountQueueDashboard(app);
  serveWeb(app, settings);
  app.useGlobalFilters(new AllExceptionsFilter());
  app.useWebSocketAdapter(
    new RedisIoAdapter(app, redis, settings.QUEUE_PREFIX, session, passport.initialize(), passport.session(), (req) =>
      fromSameSite(settings, req.headers.origin ?? req.headers.referer, req.headers.host),
    ),
  );
  await app.init();
  // After the routes: errors raised by the session store or passport (e.g. PostgreSQL down) answer JSON too.
  app.use(expressErrorHandler());
  return app;
}
