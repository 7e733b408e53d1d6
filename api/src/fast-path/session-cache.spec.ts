import { ServiceUnavailableException } from '@nestjs/common';
import { Redis } from 'ioredis';
import { SessionCache } from './session-cache';

/**
 * A change that cannot be announced to the other api processes is not reported as done: the request that made it
 * answers 503 (the other processes drop what they hold of it within 1 s anyway). The clients are real ioredis
 * clients that never connect (no offline queue): every command fails as it does when Redis is unreachable.
 */
describe('SessionCache when Redis cannot carry the announcement', () => {
  const offline = () => new Redis({ lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0 });
  let publisher: Redis;
  let cache: SessionCache;

  beforeEach(() => {
    publisher = offline();
    cache = new SessionCache(publisher, offline(), 'test:sessions');
  });
  afterEach(() => {
    cache.stop();
    publisher.disconnect();
  });

  it('rejects a session change with a 503 in Portuguese', async () => {
    const failed = await cache.invalidateSession('sessao-qualquer').catch((err: unknown) => err);
    expect(failed).toBeInstanceOf(ServiceUnavailableException);
    expect((failed as ServiceUnavailableException).getStatus()).toBe(503);
    expect((failed as ServiceUnavailableException).getResponse()).toEqual({ message: 'Serviço temporariamente indisponível. Tente novamente em instantes.' });
  });

  it("rejects the end of a user's sessions with a 503 too", async () => {
    await expect(cache.invalidateUser('0b6f1f7e-0000-4000-8000-000000000000')).rejects.toBeInstanceOf(ServiceUnavailableException);
  });

  it('answers nothing from the cache while it is not subscribed', () => {
    cache.put('sid', { sess: { cookie: { originalMaxAge: 1000 } } as never, user: null }, cache.mark());
    expect(cache.get('sid')).toBeUndefined();
    expect(cache.holds('sid')).toBe(false);
  });
});
