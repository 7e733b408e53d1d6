import { Logger } from '@nestjs/common';
import type { Settings } from '@planejador/config';
import type { Journal } from '@planejador/testing';
import type { JobProducer, QueueName } from '@planejador/queue';

/*
 * Test doubles for the worker's services in unit specs: the repositories and the process's other adapters
 * (job producer, progress publisher) as plain objects of jest.fn, and a Database whose transaction runs its
 * function. Every call is written to a journal (transactions as 'begin' / 'commit' / 'rollback'), so a spec can
 * say which writes happened, in what order and inside which transaction (the Database and Journal: libs/testing).
 */

type Method = (...args: never[]) => unknown;
type MethodsOf<T> = { [K in keyof T as T[K] extends Method ? K : never]: T[K] };

/**
 * A repository (or any class) double: the methods given, each a jest.fn that journals its name and then runs the
 * given implementation. Typed as the class itself, so the service's constructor takes it; `.mock` per method via
 * jest.mocked(repo.method).
 */
export function fake<T>(journal: Journal, methods: Partial<MethodsOf<T>>): T {
  const double: Record<string, jest.Mock> = {};
  for (const [name, impl] of Object.entries(methods) as [string, (...args: unknown[]) => unknown][]) {
    double[name] = jest.fn((...args: unknown[]) => {
      journal.entries.push(name);
      return impl(...args);
    });
  }
  return double as unknown as T;
}

/** Nest's logger off for the spec file (the services log each failure they handle; the spec asserts behaviour). */
export function quietLogs(): void {
  beforeAll(() => Logger.overrideLogger(false));
}

/** Settings for a unit spec: only what the service reads. */
export function settings(values: Partial<Settings>): Settings {
  return values as Settings;
}

/** A BullMQ job as the sweepers see it through the JobProducer: its state, and why it failed. */
export interface QueuedJob {
  state: 'waiting' | 'active' | 'delayed' | 'prioritized' | 'completed' | 'failed' | 'unknown';
  failedReason?: string;
}

/**
 * A JobProducer over an in-memory set of jobs per queue (what the sweepers ask of the queues: a job's state,
 * removing one, adding one under its id, which is a no-op when that id is there).
 */
export function fakeProducer(journal: Journal, jobs: Partial<Record<QueueName, Record<string, QueuedJob>>> = {}) {
  const queues = jobs as Record<string, Record<string, QueuedJob> | undefined>;
  const added: { name: string; payload: unknown; jobId: string; priority?: number }[] = [];
  const producer = fake<JobProducer>(journal, {
    jobState: async (queue: QueueName, jobId: string) => queues[queue]?.[jobId] ?? { state: 'missing' as const },
    removeJob: async (queue: QueueName, jobId: string) => {
      delete queues[queue]?.[jobId];
    },
    enqueue: (async (name: string, payload: unknown, jobId: string, opts: { priority?: number } = {}) => {
      added.push({ name, payload, jobId, priority: opts.priority });
    }) as unknown as JobProducer['enqueue'],
  });
  return { producer, added };
}

export { fakeDatabase, Journal } from '@planejador/testing';
