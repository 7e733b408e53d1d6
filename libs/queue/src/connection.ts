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

/**
 * Resolves when the client is connected, or after `ms` (Redis down at start: the process starts anyway and the
 * client keeps reconnecting). A producer fails fast while offline, so a process should not take requests before this.
 */
export function whenReady(redis: Redis, ms = 5000): Promise<void> {
  if (redis.status === 'ready') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      redis.off('ready', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    redis.once('ready', done);
  });
}
