import IORedis from 'ioredis';

export interface RedisValue {
  key: string;
  /** The field, member or stream entry id within the key, when the key holds several values. */
  part?: string;
  value: Buffer;
}

/**
 * Every value stored under a key prefix (strings, hash fields, list/set/sorted-set members, stream entries'
 * fields), for tests that check what Redis holds: a secret never, a large file never.
 */
export async function readRedisValues(redisUrl: string, prefix: string): Promise<RedisValue[]> {
  const redis = new IORedis(redisUrl, { maxRetriesPerRequest: 1 });
  const values: RedisValue[] = [];
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      cursor = next;
      for (const key of keys) {
        const type = await redis.type(key);
        if (type === 'string') {
          const value = await redis.getBuffer(key);
          if (value) values.push({ key, value });
        } else if (type === 'hash') {
          const fields = await redis.hgetallBuffer(key);
          for (const [part, value] of Object.entries(fields)) values.push({ key, part, value });
        } else if (type === 'list') {
          for (const value of await redis.lrangeBuffer(key, 0, -1)) values.push({ key, value });
        } else if (type === 'set') {
          for (const value of await redis.smembersBuffer(key)) values.push({ key, value });
        } else if (type === 'zset') {
          for (const value of await redis.zrangeBuffer(key, 0, -1)) values.push({ key, value });
        } else if (type === 'stream') {
          const entries = (await redis.xrangeBuffer(key, '-', '+')) as [Buffer, Buffer[]][];
          for (const [id, fields] of entries) for (const value of fields) values.push({ key, part: id.toString(), value });
        }
      }
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
  return values;
}
