import type { DiscoveryService } from '@nestjs/core';
import { UnrecoverableError, Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { QUEUES } from '@planejador/queue';
import { quietLogs, settings } from '../../test/doubles';
import { dispatcher, isFinalFailure, QueueProcessor, type FinalFailureHandlers, type JobHandlers, type QueueHandlers } from './queue-processor';
import { QueueWorkers } from './queue-workers';

/** BullMQ's Worker as a double: the options it was built with, its listeners, and a close to await. */
jest.mock('bullmq', () => {
  const actual = jest.requireActual<typeof import('bullmq')>('bullmq');
  return { ...actual, Worker: jest.fn() };
});

quietLogs();

interface WorkerDouble {
  queue: string;
  process: (job: Job) => Promise<unknown>;
  options: Record<string, unknown>;
  listeners: Record<string, (...args: unknown[]) => void>;
  close: jest.Mock;
}

const built: WorkerDouble[] = [];
beforeEach(() => {
  built.length = 0;
  jest.mocked(Worker).mockImplementation(((queue: string, process: WorkerDouble['process'], options: WorkerDouble['options']) => {
    const worker: WorkerDouble = { queue, process, options, listeners: {}, close: jest.fn().mockResolvedValue(undefined) };
    built.push(worker);
    return { on: (event: string, fn: WorkerDouble['listeners'][string]) => (worker.listeners[event] = fn), close: worker.close };
  }) as never);
});

function job(name: string, attemptsMade = 1, attempts = 2, data: unknown = {}): Job {
  return { id: `${name}-1`, name, attemptsMade, opts: { attempts }, data } as Job;
}

type Mail = typeof QUEUES.mail;

@QueueProcessor(QUEUES.mail, (s) => ({ concurrency: s.MAIL_CONCURRENCY }))
class MailDouble implements QueueHandlers<Mail> {
  readonly sent: unknown[] = [];
  readonly finalized: string[] = [];
  readonly handlers: JobHandlers<Mail> = {
    'send-mail': async (j) => {
      this.sent.push(j.data);
      return 'sent';
    },
  };
  readonly onFinalFailure: FinalFailureHandlers<Mail> = {
    'send-mail': async (j, err) => {
      this.finalized.push(`${String(j.id)}: ${err.message}`);
    },
  };
}

function start(...instances: object[]) {
  const discovery = { getProviders: () => instances.map((instance) => ({ metatype: instance.constructor, instance })) } as unknown as DiscoveryService;
  const redis = { duplicate: jest.fn(() => ({ duplicated: true })) } as unknown as Redis;
  const workers = new QueueWorkers(discovery, redis, settings({ QUEUE_PREFIX: 'test-prefix', MAIL_CONCURRENCY: 4 }));
  workers.onApplicationBootstrap();
  return { workers, redis };
}

describe('dispatcher (a queue\'s jobs by name)', () => {
  it('refuses a queue with a job name that has no handler, naming it', () => {
    expect(() => dispatcher(QUEUES.export, { 'export-plan': async () => 1 })).toThrow('queue plan-export: no handler for export-assessment, export-trimestre');
  });

  it("runs the handler of the job's name, and rejects a name the queue does not carry", async () => {
    const process = dispatcher(QUEUES.assessment, { 'generate-assessment': async () => 'written', 'sweep-assessments': async () => 'swept' });
    expect(await process(job('sweep-assessments'))).toBe('swept');
    expect(await process(job('generate-assessment'))).toBe('written');
    await expect(process(job('send-mail'))).rejects.toThrow('no handler for job send-mail');
  });
});

describe('isFinalFailure', () => {
  it('is final after the last attempt or for an unrecoverable error, not before', () => {
    expect(isFinalFailure(job('send-mail', 1, 2), new Error('smtp down'))).toBe(false);
    expect(isFinalFailure(job('send-mail', 2, 2), new Error('smtp down'))).toBe(true);
    expect(isFinalFailure(job('send-mail', 1, 2), new UnrecoverableError('payload inválido'))).toBe(true);
    expect(isFinalFailure(undefined, new Error('gone'))).toBe(true);
  });
});

describe('QueueWorkers', () => {
  it("starts one worker per processor on its queue, with the process's prefix, its own connection and the processor's tuning", async () => {
    const mail = new MailDouble();
    const { redis } = start(mail, { unrelated: true });
    expect(built).toHaveLength(1);
    expect(built[0].queue).toBe(QUEUES.mail);
    expect(built[0].options).toEqual({ connection: { duplicated: true }, prefix: 'test-prefix', concurrency: 4 });
    expect(redis.duplicate).toHaveBeenCalledWith({ maxRetriesPerRequest: null, enableOfflineQueue: true });
    expect(await built[0].process(job('send-mail', 0, 5, { to: 'a' }))).toBe('sent');
    expect(mail.sent).toEqual([{ to: 'a' }]);
  });

  it("runs a job name's final-failure handler only once the job will not be tried again", async () => {
    const mail = new MailDouble();
    start(mail);
    built[0].listeners.failed(job('send-mail', 1, 5), new Error('smtp down'));
    built[0].listeners.failed(job('send-mail', 5, 5), new Error('smtp down'));
    built[0].listeners.failed(undefined, new Error('job gone'));
    await new Promise((resolve) => setImmediate(resolve));
    expect(mail.finalized).toEqual(['send-mail-1: smtp down']);
  });

  it('does not start when a processor lacks the handler of a job name, or two processors take one queue', () => {
    const incomplete = new MailDouble();
    (incomplete as { handlers: object }).handlers = {};
    expect(() => start(incomplete)).toThrow('queue mail: no handler for send-mail');
    expect(() => start(new MailDouble(), new MailDouble())).toThrow('queue mail: more than one processor');
    expect(built).toHaveLength(0);
  });

  it('closes every worker (each finishing its active jobs) before the modules shut down', async () => {
    const { workers } = start(new MailDouble());
    await workers.beforeApplicationShutdown();
    expect(built[0].close).toHaveBeenCalledTimes(1);
  });
});
