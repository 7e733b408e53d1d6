import IORedis from 'ioredis';
import { closeWorkerStackPool } from '../stack/pool';
import { dropRunDatabases } from './test-env';

/**
 * After the run: every database it created (the templates, each test file's copy that a crashed worker did not
 * drop, the suites' own ones, all named after the run) and its Redis keys.
 */
export default async function globalTeardown(): Promise<void> {
  await closeWorkerStackPool();
  const runId = process.env.TEST_RUN_ID;
  if (!runId) return;
  await dropRunDatabases(runId);
  await deleteRedisPrefix(process.env.REDIS_URL!, runId);
}

export async function deleteRedisPrefix(redisUrl: string, prefix: string): Promise<void> {
  const redis = new IORedis(redisUrl, { maxRetriesPerRequest: 1 });
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}
