import cluster, { type Worker } from 'node:cluster';
import pino from 'pino';
import { appUrl, type Settings } from '@planejador/config';
import { PLAIN_HTTP_WARNING, servedOverHttps } from './fast-path/session';

/**
 * API_PROCESSES > 1: this process forks that many api processes sharing the port (node:cluster hands them
 * the connections) and keeps them running. Nothing that matters lives in them (sessions in PostgreSQL, queues
 * and socket.io rooms in Redis; the web's socket uses WebSocket only, so no sticky sessions are needed).
 * A process that dies is replaced; SIGTERM/SIGINT stop them all gracefully.
 */
export function superviseApiProcesses(settings: Settings): void {
  const log = pino({ name: 'api', level: settings.LOG_LEVEL });
  const count = settings.API_PROCESSES;
  if (settings.NODE_ENV === 'production' && !servedOverHttps(settings)) log.warn({ appUrl: appUrl(settings) }, PLAIN_HTTP_WARNING);
  let stopping = false;
  let listening = 0;
  const recentExits: number[] = [];

  const fork = () => {
    const worker = cluster.fork();
    worker.once('listening', () => {
      listening += 1;
      if (listening === count) {
        log.info({ port: settings.PORT, processes: count }, `API ouvindo na porta ${settings.PORT} (${count} processos)`);
      }
    });
    return worker;
  };

  cluster.on('exit', (worker: Worker, code: number | null, signal: string | null) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    const now = Date.now();
    recentExits.push(now);
    while (recentExits.length && recentExits[0] < now - 60_000) recentExits.shift();
    // A process that cannot start (bad settings, database gone for good) would otherwise be forked forever.
    if (recentExits.length > count * 5) {
      log.fatal({ exits: recentExits.length }, 'os processos da API caem seguidamente; encerrando');
      process.exit(1);
    }
    log.warn({ pid: worker.process.pid, code, signal }, 'um processo da API terminou; iniciando outro');
    setTimeout(() => !stopping && fork(), 500);
  });

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'encerrando os processos da API');
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
    setTimeout(() => process.exit(0), 15_000).unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  for (let i = 0; i < count; i++) fork();
}
