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
}
