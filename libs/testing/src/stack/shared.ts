import { Database } from '@planejador/db';
import type { Redis } from 'ioredis';
import { createRedis, JobProducer } from '@planejador/queue';
import { openTestOrmLazily, type TestOrm } from '../database';
import type { FakeAi } from '../fake-ai/fake-ai-server';
import { TestClient } from '../http/test-client';
import type { ManagedProcess } from '../processes';
import type { SmtpCapture } from '../smtp/smtp-capture';
import type { PooledStack, StackPoolHandle } from './pool';
import type { StackProfile } from './profile';

/** The jest worker's pool of started stacks, when the file runs in the stack environment (else undefined). */
export function stackPool(): StackPoolHandle | undefined {
  return (globalThis as { __planejadorStackPool?: StackPoolHandle }).__planejadorStackPool;
}

/** A started stack as one test file uses it: the product's URL and processes, plus the file's own connections. */
export interface TestStack {
  /** The api's URL (it serves the built web app too). */
  url: string;
  databaseUrl: string;
  queuePrefix: string;
  api: ManagedProcess;
  worker: ManagedProcess;
  /** The fake AI server (null for an offline stack). */
  ai: FakeAi | null;
  smtp: SmtpCapture;
  /** The file's own ORM on the stack's database, to arrange and inspect rows. */
  orm: TestOrm;
  /** The stack's queues, as the api's JobProducer sees them. */
  jobs: JobProducer;
  /** A libs/db repository on the stack's database (the file's own connection), to arrange and read rows. */
  repository<R>(type: new (db: Database) => R): R;
  /** A new cookie client of the api (a browser tab), with extra headers on every request. */
  client(headers?: Record<string, string>): TestClient;
  /** Closes the file's connections; the stack itself stays up for the next file of the jest worker. */
  close(): Promise<void>;
}

/** The pooled stack of `profile` (started on first use in this jest worker), before the file's connections. */
export async function acquireStack(profile: StackProfile = {}): Promise<PooledStack> {
  const pool = stackPool();
  if (!pool) {
    throw new Error('No stack pool: this file must run in the stack environment (libs/testing/src/jest/stack-environment.ts).');
  }
  const stack = await pool.acquire(profile);
  // The file's factories and ORM read the stack's database.
  process.env.DATABASE_URL = stack.databaseUrl;
  return stack;
}

/**
 * The api + worker of `profile` shared by the test files of this jest worker (offline drafter or the fake AI, with
 * the profile's settings), with the file's own ORM and queue connections. Files are isolated by their own teachers:
 * a test never reads what another file's teachers made. Call it in beforeAll and close() in afterAll.
 */
export async function startSharedStack(profile: StackProfile = {}): Promise<TestStack> {
  const stack = await acquireStack(profile);
  // Opened on first use: a file that never reads rows itself saves the ORM's start (a few hundred ms).
  let orm: TestOrm | undefined;
  let database: Promise<Database> | undefined;
  const repositories = new Map<unknown, unknown>();
  // The queues too, for the few files that look at jobs.
  let queues: { redis: Redis; jobs: JobProducer } | undefined;
  const openQueues = () => {
    const redis = createRedis(stack.redisUrl, 'client');
    const jobs = new JobProducer(redis, stack.queuePrefix, {
      GENERATION_RETRY_BASE_MS: Number(stack.env.GENERATION_RETRY_BASE_MS),
      MAIL_RETRY_BASE_MS: Number(stack.env.MAIL_RETRY_BASE_MS ?? 1000),
    });
    return { redis, jobs };
  };
  return {
    url: stack.url,
    databaseUrl: stack.databaseUrl,
    queuePrefix: stack.queuePrefix,
    api: stack.api,
    worker: stack.worker,
    ai: stack.ai,
    smtp: stack.smtp,
    get orm() {
      return (orm ??= openTestOrmLazily(stack.databaseUrl));
    },
    get jobs() {
      return (queues ??= openQueues()).jobs;
    },
    client: (headers) => new TestClient(stack.url, headers),
    repository<R>(type: new (db: Database) => R): R {
      if (!repositories.has(type)) repositories.set(type, lazyRepository(type, () => (database ??= Database.connect({ databaseUrl: stack.databaseUrl, poolMax: 2, statementPoolMax: 1 }))));
      return repositories.get(type) as R;
    },
    close: async () => {
      await (await database)?.close();
      await queues?.jobs.close();
      queues?.redis.disconnect();
      await orm?.close(true);
    },
  };
}

/**
 * A repository whose Database connects on its first call (most files never ask for one): every method returns a
 * promise, so each waits for the connection and then runs on the real repository.
 */
function lazyRepository<R>(type: new (db: Database) => R, connect: () => Promise<Database>): R {
  let real: Promise<R> | undefined;
  return new Proxy({} as object, {
    get(_target, method) {
      if (method === 'then') return undefined; // not a promise itself
      return async (...args: unknown[]) => {
        real ??= connect().then((db) => new type(db));
        const repository = (await real) as Record<PropertyKey, (...a: unknown[]) => unknown>;
        return repository[method].apply(repository, args);
      };
    },
  }) as R;
}
