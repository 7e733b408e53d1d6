import { Repository } from '../database';

/** Whether a user's first generation may start, or which per-user bound refuses it. */
export type GenerationAdmission = 'admitted' | 'failed' | 'in-flight' | 'per-minute' | 'per-hour';

export interface GenerationBounds {
  inFlightMax: number;
  perMinute: number;
  perHour: number;
  failedPerHour: number;
}

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

  /**
   * Admits one first generation (a plan or an assessment) for the user within the per-user bounds: fewer than
   * `failedPerHour` of their generations failed wholly in the last hour, fewer than `inFlightMax` plans and
   * assessments queued or running, fewer than `perMinute` and `perHour` asked for (generation_requests, where this one
   * is recorded when admitted). The user's row is locked first, in its own statement, so concurrent requests (any api
   * process) count one after the other. Call it in the transaction that then charges and stores the generation.
   */
  async admitGeneration(userId: string, kind: 'plano' | 'avaliacao', bounds: GenerationBounds): Promise<GenerationAdmission> {
    const em = this.em;
    await em.execute(`select id from users where id = ? for update`, [userId]);
    const [counts] = await em.execute<{ in_flight: number; last_minute: number; last_hour: number; failed: number }[]>(
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
    await em.execute(
      `with old as (delete from generation_requests where user_id = ? and created_at <= now() - interval '1 hour')
       insert into generation_requests (user_id, kind) values (?, ?)`,
      [userId, userId, kind],
    );
    return 'admitted';
  }
}
