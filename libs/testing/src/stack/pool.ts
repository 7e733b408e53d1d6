import type { Redis } from 'ioredis';
import type { Browser } from 'playwright-core';
import { createRedis, JobProducer, QUEUES, type QueueName } from '@planejador/queue';
import { launchChromium } from '../e2e/chromium';
import { startFakeAi, type FakeAi } from '../fake-ai/fake-ai-server';
import { TEST_PROCESS_DEFAULTS } from '../jest/process-defaults';
import { copyTestDatabase, runDatabaseUrl, TEST_REDIS_URL } from '../jest/test-env';
import { freePort, spawnApiAndWorker, type ManagedProcess } from '../processes';
import { startSmtpCapture, type SmtpCapture } from '../smtp/smtp-capture';
import { waitFor } from '../wait';
import { normalizeProfile, profileKey, STACK_BASE_ENV, type StackProfile } from './profile';

/** A started api + worker (and their SMTP capture and fake AI), shared by the test files of one jest worker. */
export interface PooledStack {
  key: string;
  /** The product's URL (the api, serving the built web app). */
  url: string;
  databaseUrl: string;
  redisUrl: string;
  queuePrefix: string;
  /** The settings both processes got. */
  env: Readonly<Record<string, string>>;
  api: ManagedProcess;
  worker: ManagedProcess;
  ai: FakeAi | null;
  smtp: SmtpCapture;
}

/** What a test file sees of the pool (the environment puts it on the file's global object). */
export interface StackPoolHandle {
  acquire(profile?: StackProfile): Promise<PooledStack>;
  browser(): Promise<Browser>;
}

/** Queues whose jobs a file may leave running: the next file starts once they are done (or after a bound). */
const WORK_QUEUES: QueueName[] = [QUEUES.generation, QUEUES.export, QUEUES.assessment, QUEUES.mail];
const IDLE_WAIT_MS = 15000;
/**
 * Stacks one jest worker keeps at most: past it, the one used least recently is stopped (each holds an api and a
 * worker process, about 300 MB, and a sweeper polling its database).
 */
const MAX_STACKS = 3;

function alive(process: ManagedProcess): boolean {
  return process.proc.exitCode === null && process.proc.signalCode === null;
}

interface Entry {
  stack: Promise<PooledStack>;
  /** When a file last asked for it (a counter), to stop the least recently used past MAX_STACKS. */
  lastUsed: number;
  /** The pool's own look at the stack's queues (opened at the first file's end), and its connection. */
  jobs?: { producer: JobProducer; redis: Redis };
}

/**
 * The started stacks of one jest worker process, one per profile, started by the first test file that asks and
 * kept for the next ones (the module lives outside the files' sandboxes, so it outlives each file). Files run one
 * after another in a jest worker, so a stack serves one file at a time; between two files the pool waits for the
 * stack's jobs to end, forgets the fake AI's calls and script and the captured mail, and closes the browser's
 * contexts. A stack whose process a test stopped (a crash test) is dropped and started anew when next asked for.
 * Each stack has a database of its own (a copy of the run's template) and a queue prefix of its own.
 */
export class StackPool implements StackPoolHandle {
  private readonly stacks = new Map<string, Entry>();
  private readonly usedByFile = new Set<string>();
  private chromium: Promise<Browser> | undefined;
  /** Every stack process started, for killAll (an exit handler cannot wait for a promise). */
  private readonly processes: ManagedProcess[] = [];
  private started = 0;
  private asked = 0;

  constructor(
    private readonly runId: string,
    private readonly workerId: string,
  ) {}

  acquire(profile: StackProfile = {}): Promise<PooledStack> {
    const key = profileKey(profile);
    this.usedByFile.add(key);
    let entry = this.stacks.get(key);
    if (!entry) {
      this.evict();
      entry = { stack: this.start(key, profile), lastUsed: 0 };
      this.stacks.set(key, entry);
      // A start that failed is not kept: the next file tries again.
      entry.stack.catch(() => this.stacks.delete(key));
    }
    entry.lastUsed = this.asked += 1;
    return entry.stack;
  }

  browser(): Promise<Browser> {
    if (!this.chromium) {
      this.chromium = launchChromium();
      this.chromium.catch(() => (this.chromium = undefined));
    }
    return this.chromium;
  }

  /** Stops the least recently used stacks that this file does not use, down to MAX_STACKS - 1. */
  private evict(): void {
    const idle = [...this.stacks.entries()].filter(([key]) => !this.usedByFile.has(key)).sort(([, a], [, b]) => a.lastUsed - b.lastUsed);
    while (this.stacks.size >= MAX_STACKS && idle.length) {
      const [key, entry] = idle.shift()!;
      this.stacks.delete(key);
      void this.stop(entry);
    }
  }

  /** After each test file: its stacks idle and reset for the next file, its browser contexts closed. */
  async afterFile(): Promise<void> {
    const used = [...this.usedByFile];
    this.usedByFile.clear();
    const browser = this.chromium ? await this.chromium.catch(() => undefined) : undefined;
    if (browser) await Promise.all(browser.contexts().map((context) => context.close().catch(() => undefined)));
    await Promise.all(used.map((key) => this.settle(key)));
  }

  /** Stops every stack and the browser (the jest worker is ending). */
  async close(): Promise<void> {
    const entries = [...this.stacks.values()];
    this.stacks.clear();
    await Promise.all(entries.map((entry) => this.stop(entry)));
    const browser = this.chromium ? await this.chromium.catch(() => undefined) : undefined;
    this.chromium = undefined;
    await browser?.close().catch(() => undefined);
  }

  /** Synchronous last resort when the process exits without close(): no stack process outlives the jest worker. */
  killAll(): void {
    for (const started of this.processes) if (alive(started)) started.proc.kill('SIGKILL');
  }

  private async settle(key: string): Promise<void> {
    const entry = this.stacks.get(key);
    if (!entry) return;
    const stack = await entry.stack.catch(() => undefined);
    if (!stack) return;
    if (!alive(stack.api) || !alive(stack.worker)) {
      // A test stopped one of its processes: the next file gets a new stack.
      this.stacks.delete(key);
      await this.stop(entry);
      return;
    }
    if (!entry.jobs) {
      const redis = createRedis(stack.redisUrl, 'client');
      entry.jobs = { redis, producer: new JobProducer(redis, stack.queuePrefix, { GENERATION_RETRY_BASE_MS: 200, MAIL_RETRY_BASE_MS: 1000 }) };
    }
    const jobs = entry.jobs.producer;
    // The file's jobs still running (a plan it did not wait for) would reach the next file's fake AI.
    await waitFor(
      async () => {
        const counts = await Promise.all(WORK_QUEUES.map((name) => jobs.queue(name).getJobCounts('active', 'waiting', 'prioritized')));
        return counts.every((c) => (c.active ?? 0) + (c.waiting ?? 0) + (c.prioritized ?? 0) === 0);
      },
      { timeoutMs: IDLE_WAIT_MS, intervalMs: 50, what: 'the shared stack to be idle' },
    ).catch(() => undefined);
    stack.ai?.reset();
    stack.smtp.reset();
  }

  private async stop(entry: Entry): Promise<void> {
    const stack = await entry.stack.catch(() => undefined);
    await entry.jobs?.producer.close().catch(() => undefined);
    entry.jobs?.redis.disconnect();
    if (!stack) return;
    await Promise.all([stack.api.stop(), stack.worker.stop()]);
    await stack.ai?.close();
    await stack.smtp.close();
  }

  private async start(key: string, profile: StackProfile): Promise<PooledStack> {
    const normalized = normalizeProfile(profile);
    const n = (this.started += 1);
    const template = process.env.TEST_DATABASE_TEMPLATE;
    if (!template) throw new Error('No template database: the shared stacks need libs/testing/src/jest/global-setup.ts.');
    // The process id too: a jest worker that died is replaced by one with the same JEST_WORKER_ID.
    const databaseUrl = runDatabaseUrl(this.runId, `stack_w${this.workerId}p${process.pid}_${n}`);
    const queuePrefix = `${this.runId}_w${this.workerId}p${process.pid}s${n}`;
    const redisUrl = process.env.REDIS_URL ?? TEST_REDIS_URL;
    const [smtp, ai, port] = await Promise.all([
      startSmtpCapture(),
      normalized.ai === 'fake' ? startFakeAi({ latencyMs: normalized.aiLatencyMs, tokensPerSecond: normalized.aiTokensPerSecond }) : null,
      freePort(),
      copyTestDatabase(template, databaseUrl),
    ]);
    const url = `http://127.0.0.1:${port}`;
    const env: Record<string, string> = {
      ...TEST_PROCESS_DEFAULTS,
      ...STACK_BASE_ENV,
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      QUEUE_PREFIX: queuePrefix,
      SMTP_URL: smtp.url,
      APP_URL: url,
      OPENAI_API_KEY: ai ? 'test-key' : '',
      OPENAI_BASE_URL: ai ? ai.url : '',
      ...normalized.env,
    };
    const { api, worker } = await spawnApiAndWorker(port, env).catch(async (error: unknown) => {
      await ai?.close();
      await smtp.close();
      throw error;
    });
    this.processes.push(api, worker);
    return { key, url, databaseUrl, redisUrl, queuePrefix, env, api, worker, ai, smtp };
  }
}

let pool: StackPool | undefined;

/** This jest worker's pool (one per process), made on first use; its stacks end with the process. */
export function workerStackPool(): StackPool {
  if (!pool) {
    const runId = process.env.TEST_RUN_ID;
    if (!runId) throw new Error('No test run: the shared stacks need libs/testing/src/jest/global-setup.ts.');
    const created = new StackPool(runId, process.env.JEST_WORKER_ID ?? '0');
    pool = created;
    process.once('exit', () => created.killAll());
    // jest ends a worker with SIGTERM (its event loop never drains while stacks run), and a worker whose jest died
    // loses its IPC channel: either way the stacks go with it.
    const end = (code: number) => () => {
      created.killAll();
      process.exit(code);
    };
    process.once('SIGTERM', end(143));
    process.once('disconnect', end(0));
  }
  return pool;
}

/**
 * Stops this process's stacks and browser, if it has any: jest's global teardown, for a run in band (one file, or
 * --runInBand), where the files ran in the main process. A jest worker's own end kills its stacks (killAll).
 */
export async function closeWorkerStackPool(): Promise<void> {
  const current = pool;
  pool = undefined;
  await current?.close();
}
