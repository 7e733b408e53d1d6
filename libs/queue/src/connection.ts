import IORedis, { type Redis, type RedisOptions } from 'ioredis';

/**
 * A Redis connection for BullMQ. Workers need maxRetriesPerRequest null (they block);
 * producers in the api fail fast instead, so an HTTP request never hangs while Redis is down.
 */
export function createRedis(url: string, role: 'worker' | 'producer' | 'client' = 'client', extra: RedisOptions = {}): Redis {
  const options: RedisOptions = {
    maxRetriesPerRequest: role === 'worker' ? null : 2,
    enableOfflineQueue: role !== 'producer',
    retryStrategy: (times) => Math.min(times * 200, 2000),
    lazyConnect: false,
    ...extra,
  };
  return new IORedis(url, options);
}
