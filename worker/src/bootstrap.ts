import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { INestApplicationContext } from '@nestjs/common';
import { Logger } from 'nestjs-pino';
import type { Settings } from '@planejador/config';
import { WorkerModule } from './worker.module';

/** The worker: a NestJS application context (no HTTP server) running the BullMQ processors. */
export async function createWorker(settings: Settings): Promise<INestApplicationContext> {
  const app = await NestFactory.createApplicationContext(WorkerModule.forRoot(settings), { bufferLogs: true });
  app.useLogger(app.get(Logger));
  app.enableShutdownHooks();
  await app.init();
  return app;
}
