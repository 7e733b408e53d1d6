import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Logger } from 'nestjs-pino';
import type { Redis } from 'ioredis';
import { initErrorReporting, loadSettings, type Settings } from '@planejador/config';
import { configureZodMessages } from '@planejador/contracts';
import { UsersRepository } from '@planejador/db';
import { AppModule } from './app.module';
import { ApiPassport } from './auth/passport';
import { SessionCache } from './fast-path/session-cache';
import { AllExceptionsFilter, expressErrorHandler } from './core/http-exception.filter';
import { REDIS } from './core/tokens';
import { answerClientErrorsWithJson } from './http/client-errors';
import { fromSameSite } from './http/same-origin';
import { setupHttp } from './http/security';
import { sessionMiddleware } from './fast-path/session';
import { serveWeb } from './http/web-app';
import { ApiExpressAdapter } from './fast-path/http-server';
import { RedisIoAdapter } from './realtime/redis-io.adapter';
import { mountQueueDashboard } from './admin/queue-dashboard';

/**
 * Builds the api (used by main.ts and by the tests, which listen on a random port) from the settings the process
 * parsed once; every module gets them from there (the SETTINGS provider).
 */
export async function createApp(settings: Settings = loadSettings()): Promise<NestExpressApplication> {
  configureZodMessages();
  await initErrorReporting({ dsn: settings.SENTRY_DSN, service: 'api', environment: settings.NODE_ENV });
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(settings), new ApiExpressAdapter(), {
    bufferLogs: true,
    bodyParser: false,
  });
  app.useLogger(app.get(Logger));
  app.enableShutdownHooks();
  const redis = app.get<Redis>(REDIS);
  const sessions = sessionMiddleware(settings, app.get(UsersRepository), app.get(SessionCache));
  // The store's pruning timer outlives a closed app otherwise, and prunes on an ended pool 15 minutes later.
  app.getHttpServer().once('close', () => sessions.close());
  const passport = app.get(ApiPassport);
  setupHttp(app, settings, sessions.http, passport);
  answerClientErrorsWithJson(app.getHttpServer());
  mountQueueDashboard(app);
  serveWeb(app, settings);
  app.useGlobalFilters(new AllExceptionsFilter());
  app.useWebSocketAdapter(
    new RedisIoAdapter(app, redis, settings.QUEUE_PREFIX, sessions.session, passport.initialize(), passport.session(), (req) =>
      fromSameSite(settings, req.headers.origin ?? req.headers.referer, req.headers.host),
    ),
  );
  await app.init();
  // After the routes: errors raised by the session store or passport (e.g. PostgreSQL down) answer JSON too.
  app.use(expressErrorHandler());
  return app;
}
