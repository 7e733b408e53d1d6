import type { EntityManager } from '@mikro-orm/postgresql';

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
export async function refundCredits(tx: EntityManager, userId: string, amount = 1): Promise<void> {
  await tx.execute(`update users set credits = credits + ?, updated_at = now() where id = ?`, [amount, userId]);
}
