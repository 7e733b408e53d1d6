import { Logger, ServiceUnavailableException } from '@nestjs/common';
import type { SessionData } from 'express-session';
import type { Redis } from 'ioredis';
import { MSG, type PublicUser } from '@planejador/contracts';
import { digest } from '../core/digest';

/** A session as read from PostgreSQL, with its signed-in user (null: none, or gone). */
export interface CachedSession {
  sess: SessionData;
  user: PublicUser | null;
}

interface Entry {
  /** The session's JSON: each request gets its own copy (express-session changes the object it is given). */
  json: string;
  user: PublicUser | null;
  userId: string | null;
  /** The session's passport user is `userId` (it signs that user in). */
  signsIn: boolean;
  /** The session's own expiry (ms since the epoch). */
  expires: number;
  /** Until when the entry may answer: the session's own expiry, or `ttlMs` after it was read if sooner. */
  until: number;
}

/** A held session that signs its user in (see SessionCache.signedIn). */
export interface SignedInSession {
  /** The session's JSON (parse it for a copy of its data). */
  json: string;
  user: PublicUser;
  /** The session's expiry (ms since the epoch). */
  expires: number;
}

export interface SessionCacheOptions {
  /** How long an entry answers at most (a bound for changes nobody announced). */
  ttlMs: number;
  maxEntries: number;
}

/** A change nobody could announce (Redis failed between the write and its message) counts within this, at most. */
const DEFAULTS: SessionCacheOptions = { ttlMs: 1_000, maxEntries: 10_000 };

/**
 * The sessions this api process read lately, with their users, so that a signed-in request does not read its
 * session from PostgreSQL each time (the one round trip before the route's own query: bench/README.md, API).
 *
 * Kept exact through Redis: every change to a session (saved, destroyed: logout, sign-in's new id) and every end
 * of a user's sessions (password reset) is applied here at once and published on `channel` before the request that
 * made it answers; every api process drops what it holds of that session or user when the message arrives.
 * Ordering: Redis writes the message to the subscribers before it answers the publisher, and a cache hit answers
 * in the event loop's check phase (setImmediate), after the socket reads of the same poll (the invalidation among
 * them), so the next request, on any process, reads the session again.
 * A read that an invalidation overtakes (it started before the message arrived) is not kept (`epoch`).
 * While the subscription is not up (start, Redis down or reconnecting), nothing is cached or answered from here.
 * A change whose announcement fails rejects (503 to the request that made it): the write is in PostgreSQL, and the
 * other processes drop what they hold of it within `ttlMs` (1 s) anyway.
 * Entries and messages name a session by a digest of its id, never the id itself (which is what the cookie holds):
 * nothing on Redis can be replayed as a cookie.
 * Fields that a route must have current (role, credits, e-mail confirmation) are read again by that route
 * (SessionUsers.fresh), so an entry is only trusted for who is signed in.
 */
export class SessionCache {
  private readonly logger = new Logger(SessionCache.name);
  private readonly entries = new Map<string, Entry>();
  /** The digests of the sessions held for each user. */
  private readonly sidsByUser = new Map<string, Set<string>>();
  private readonly options: SessionCacheOptions;
  private epoch = 0;
  private live = false;
  private stopped = false;

  constructor(
    private readonly publisher: Redis,
    private readonly subscriber: Redis,
    private readonly channel: string,
    options: Partial<SessionCacheOptions> = {},
  ) {
    this.options = { ...DEFAULTS, ...options };
    subscriber.on('message', (channel: string, message: string) => {
      if (channel === this.channel) this.apply(message);
    });
    // Whatever was published while the subscription was down is unknown: forget everything, on the way down and up.
    const down = () => {
      this.live = false;
      this.clear();
    };
    subscriber.on('close', down);
    subscriber.on('reconnecting', down);
    subscriber.on('ready', () => void this.subscribe());
    if (subscriber.status === 'ready') void this.subscribe();
  }

  /** Subscribes (again); entries are kept and answered from then on. */
  async subscribe(): Promise<void> {
    if (this.stopped) return;
    try {
      await this.subscriber.subscribe(this.channel);
      this.clear();
      this.live = !this.stopped && this.subscriber.status === 'ready';
    } catch (err) {
      this.logger.warn({ err: (err as Error).message }, 'session cache not subscribed: sessions are read from PostgreSQL');
    }
  }

  onApplicationShutdown(): void {
    this.stop();
  }

  stop(): void {
    this.stopped = true;
    this.live = false;
    this.clear();
    this.subscriber.disconnect();
  }

  /** For a read that may be kept: pass it back to `put`, which refuses it if an invalidation came in between. */
  mark(): number {
    return this.epoch;
  }

  /** The session `sid` (a copy of its data, and its user), or undefined when it is not held. */
  get(sid: string): CachedSession | undefined {
    if (!this.live) return undefined;
    const key = digest(sid);
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.until <= Date.now()) {
      this.remove(key);
      return undefined;
    }
    return { sess: JSON.parse(entry.json) as SessionData, user: entry.user };
  }

  /**
   * The session `sid` and its user, without a copy of its data, when it is held and signs that user in (its
   * passport user is the user read with it); undefined otherwise (not held, signed out, user gone).
   */
  signedIn(sid: string): SignedInSession | undefined {
    const entry = this.held(sid);
    if (!entry?.user || !entry.signsIn) return undefined;
    return { json: entry.json, user: entry.user, expires: entry.expires };
  }

  /** Whether `sid` is held (and may answer). */
  holds(sid: string): boolean {
    return this.held(sid) !== undefined;
  }

  /** The entry of `sid` while it may answer (subscribed, and not past `until`). */
  private held(sid: string): Entry | undefined {
    const entry = this.live ? this.entries.get(digest(sid)) : undefined;
    return entry && entry.until > Date.now() ? entry : undefined;
  }

  /** Keeps a session read from PostgreSQL, unless an invalidation arrived since `mark` was taken. */
  put(sid: string, found: CachedSession, mark: number): void {
    if (!this.live || mark !== this.epoch) return;
    const expires = found.sess.cookie?.expires ? new Date(found.sess.cookie.expires).getTime() : Date.now() + this.options.ttlMs;
    const until = Math.min(expires, Date.now() + this.options.ttlMs);
    if (!(until > Date.now())) return;
    const userId = found.user?.id ?? null;
    const key = digest(sid);
    this.remove(key);
    if (this.entries.size >= this.options.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.remove(oldest);
    }
    const signsIn = !!userId && found.sess.passport?.user === userId;
    this.entries.set(key, { json: JSON.stringify(found.sess), user: found.user && Object.freeze({ ...found.user }), userId, signsIn, expires, until });
    if (userId) {
      let sids = this.sidsByUser.get(userId);
      if (!sids) this.sidsByUser.set(userId, (sids = new Set()));
      sids.add(key);
    }
  }

  /**
   * The session changed or ended: dropped here and, before this resolves, announced to every api process (by the
   * digest of its id). Rejects with a 503 when the announcement fails.
   */
  invalidateSession(sid: string): Promise<void> {
    return this.invalidate(`s:${digest(sid)}`);
  }

  /** The user's sessions ended, or the user changed in a way sessions must see: dropped everywhere (or a 503). */
  invalidateUser(userId: string): Promise<void> {
    return this.invalidate(`u:${userId}`);
  }

  private async invalidate(message: string): Promise<void> {
    this.apply(message);
    try {
      await this.publisher.publish(this.channel, message);
    } catch (err) {
      // The other processes hold the entry for ttlMs at most (and none while their own subscription is down); the
      // request that made the change is not told it is done.
      this.logger.warn({ err: (err as Error).message }, 'session change not announced through Redis');
      throw new ServiceUnavailableException({ message: MSG.serviceUnavailable });
    }
  }

  private apply(message: string): void {
    this.epoch += 1;
    const key = message.slice(2);
    if (message.startsWith('s:')) this.remove(key);
    else if (message.startsWith('u:')) for (const sid of [...(this.sidsByUser.get(key) ?? [])]) this.remove(sid);
  }

  /** Drops the entry of the session whose id has this digest. */
  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    if (!entry.userId) return;
    const sids = this.sidsByUser.get(entry.userId);
    sids?.delete(key);
    if (sids && !sids.size) this.sidsByUser.delete(entry.userId);
  }

  private clear(): void {
    this.epoch += 1;
    this.entries.clear();
    this.sidsByUser.clear();
  }
}
