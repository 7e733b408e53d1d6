import type { EntityManager } from '@mikro-orm/postgresql';
import type { Client } from 'pg';
import { Repository, type Args } from '../database';

/**
 * Takes `amount` credits from the user, only while the balance covers it (concurrent requests never take the
 * balance below zero). Returns false, and takes nothing, when it does not.
 */
export async function chargeCredits(tx: EntityManager, userId: string, amount: number): Promise<boolean> {
  const rows = await tx.execute<{ credits: number }[]>(
    `update users set credits = credits - ?, updated_at = now() where id = ? and credits >= ? returning credits`,
    [amount, userId, amount],
  );
  return rows.length > 0;
}

/** Gives `amount` credits back to the user (a refund: the caller's transaction makes it happen exactly once). */
export async function refundCredits(tx: EntityManager, userId: string, amount: number): Promise<void> {
  await tx.execute(`update users set credits = credits + ?, updated_at = now() where id = ?`, [amount, userId]);
}

/** Whether a user's first generation may start, or which per-user bound refuses it. */
export type GenerationAdmission = 'admitted' | 'failed' | 'in-flight' | 'per-minute' | 'per-hour';

export interface GenerationBounds {
  inFlightMax: number;
  perMinute: number;
  perHour: number;
  failedPerHour: number;
}

/**
 * Admits one first generation (a plan or an assessment) for the user within the per-user bounds: fewer than
 * `failedPerHour` of their generations failed wholly in the last hour, fewer than `inFlightMax` plans and
 * assessments queued or running, fewer than `perMinute` and `perHour` asked for (generation_requests, where this one
 * is recorded when admitted). The user's row is locked first, in its own statement, so concurrent requests (any api
 * process) count one after the other. Call it in the transaction that then charges and stores the generation.
 */
export async function admitGeneration(tx: EntityManager, userId: string, kind: 'plano' | 'avaliacao', bounds: GenerationBounds): Promise<GenerationAdmission> {
  await tx.execute(`select id from users where id = ? for update`, [userId]);
  const [counts] = await tx.execute<{ in_flight: number; last_minute: number; last_hour: number; failed: number }[]>(
    `select (select count(*)::int from planos_aula where user_id = ? and generation_state in ('queued', 'running'))
          + (select count(*)::int from avaliacoes where user_id = ? and generation_state in ('queued', 'running')) as in_flight,
            count(*) filter (where kind <> 'falha' and created_at > now() - interval '1 minute')::int as last_minute,
            count(*) filter (where kind <> 'falha')::int as last_hour,
            count(*) filter (where kind = 'falha')::int as failed
       from generation_requests where user_id = ? and created_at > now() - interval '1 hour'`,
    [userId, userId, userId],
  );
  // The first bound reached refuses, in this order (wholly failed ones first: they hold for the whole hour).
  const reached: [GenerationAdmission, boolean][] = [
    ['failed', counts.failed >= bounds.failedPerHour],
    ['in-flight', counts.in_flight >= bounds.inFlightMax],
    ['per-minute', counts.last_minute >= bounds.perMinute],
    ['per-hour', counts.last_hour >= bounds.perHour],
  ];
  const refusal = reached.find(([, over]) => over);
  if (refusal) return refusal[0];
  await tx.execute(
    `with old as (delete from generation_requests where user_id = ? and created_at <= now() - interval '1 hour')
     insert into generation_requests (user_id, kind) values (?, ?)`,
    [userId, userId, kind],
  );
  return 'admitted';
}

/**
 * Sets the user's balance to `credits` outright (tests use it to run a teacher out of credits). On a pg client or
 * pool, for callers without MikroORM. Returns false when no user has that id.
 */
export async function setUserCredits(db: Pick<Client, 'query'>, userId: string, credits: number): Promise<boolean> {
  const result = await db.query('update users set credits = $1, updated_at = now() where id = $2', [credits, userId]);
  return result.rowCount === 1;
}

/** The queries above, on the process's Database (injected in the api and the worker). */
export class CreditsRepository extends Repository {
  chargeCredits(...a: Args<typeof chargeCredits>): ReturnType<typeof chargeCredits> {
    return chargeCredits(this.em, ...a);
  }

  refundCredits(...a: Args<typeof refundCredits>): ReturnType<typeof refundCredits> {
    return refundCredits(this.em, ...a);
  }

  admitGeneration(...a: Args<typeof admitGeneration>): ReturnType<typeof admitGeneration> {
    return admitGeneration(this.em, ...a);
  }
}
