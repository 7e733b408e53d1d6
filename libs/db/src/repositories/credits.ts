import { Repository } from '../database';

/** Its queries, each one method, on the process's Database (injected by class in the api and the worker). */
export class CreditsRepository extends Repository {
  /**
   * Takes `amount` credits from the user, only while the balance covers it (concurrent requests never take the
   * balance below zero). Returns false, and takes nothing, when it does not.
   */
  async chargeCredits(userId: string, amount: number): Promise<boolean> {
    const rows = await this.em.execute<{ credits: number }[]>(
      `update users set credits = credits - ?, updated_at = now() where id = ? and credits >= ? returning credits`,
      [amount, userId, amount],
    );
    return rows.length > 0;
  }

  /** Gives `amount` credits back to the user (a refund: the caller's transaction makes it happen exactly once). */
  async refundCredits(userId: string, amount: number): Promise<void> {
    await this.em.execute(`update users set credits = credits + ?, updated_at = now() where id = ?`, [amount, userId]);
  }

  /** Sets the user's balance to `credits` outright (tests use it to run a teacher out of credits); false: no such user. */
  async setUserCredits(userId: string, credits: number): Promise<boolean> {
    const rows = await this.em.execute<{ id: string }[]>(`update users set credits = ?, updated_at = now() where id = ? returning id`, [credits, userId]);
    return rows.length > 0;
  }
}
