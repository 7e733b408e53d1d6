import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { MSG } from '@planejador/contracts';
import type { Settings } from '@planejador/config';
import { REDIS, SETTINGS } from '../core/tokens';

/**
 * Takes the slot for this request's token: set when absent, and also when it already holds this token. A SET NX whose
 * reply was lost in a Redis restart is sent again by the client on reconnect; the key it set may have come back with
 * Redis's saved data, and the request must not be refused its own slot (429).
 */
export const TAKE = `local held = redis.call('get', KEYS[1])
if held == false then return redis.call('set', KEYS[1], ARGV[1], 'PX', ARGV[2]) and 1 or 0 end
if held == ARGV[1] then return 1 end
return 0`;

/** Deletes the key only while it still holds this request's token (a slot that expired and was taken is not freed). */
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

/** A user's export slot, held by one request; release() is idempotent. */
export interface ExportSlot {
  release(): Promise<void>;
}

/**
 * One export in flight per user, over every api process: a Redis key per user, set only when absent, freed when the
 * export's job ends (WorkerDocuments: answered, failed, or still running after the api stopped waiting; a browser
 * that gives up frees nothing, its export goes on). Its expiry (the longest an export may wait, twice the time-out,
 * plus a margin) frees it should the process die before the job ends.
 */
@Injectable()
export class ExportSlots {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {}

  /** The user's slot, or 429 with MSG.exportInFlight while another of their exports is in flight. */
  async take(userId: string): Promise<ExportSlot> {
    const key = `${this.settings.QUEUE_PREFIX}:export-in-flight:${userId}`;
    const token = randomUUID();
    const ttlMs = 2 * this.settings.EXPORT_TIMEOUT_MS + 10_000;
    if ((await this.redis.eval(TAKE, 1, key, token, ttlMs)) !== 1) {
      throw new HttpException({ message: MSG.exportInFlight }, HttpStatus.TOO_MANY_REQUESTS);
    }
    let released: Promise<void> | null = null;
    return {
      release: () => (released ??= this.redis.eval(RELEASE, 1, key, token).then(() => undefined, () => undefined)),
    };
  }
}
