import IORedis from 'ioredis';
import { dropDatabase } from '@planejador/db';

export default async function globalTeardown(): Promise<void> {
  const runId = process.env.TEST_RUN_ID;
  if (!runId) return;
  if (process.env.KEEP_TEST_DB !== '1' && process.env.DATABASE_URL) await dropDatabase(process.env.DATABASE_URL);
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
