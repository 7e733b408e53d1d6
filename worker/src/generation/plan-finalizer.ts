import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, Logger } from '@nestjs/common';
import { ProgressPublisher } from '../core/progress.publisher';

export const GENERIC_FAILURE = 'Não foi possível gerar o plano. Tente novamente mais tarde.';

/** Ends a plan as failed and gives the credit back, exactly once (conditional update in one transaction). */
@Injectable()
export class PlanFinalizer {
  private readonly logger = new Logger(PlanFinalizer.name);

  constructor(
    private readonly em: EntityManager,
    private readonly progress: ProgressPublisher,
  ) {}

  async fail(planId: string, reason: string): Promise<boolean> {
    const result = await this.em.fork().transactional(async (tx) => {
      const rows = await tx.execute<{ user_id: string }[]>(
        `update planos_aula
            set generation_state = 'failed', generation_error = ?, credit_refunded = true,
                finished_at = now(), updated_at = now()
          where id = ? and credit_refunded = false and generation_state <> 'done'
          returning user_id`,
        [reason, planId],
      );
      if (!rows.length) return null;
      await tx.execute(`update users set credits = credits + 1, updated_at = now() where id = ?`, [rows[0].user_id]);
      const [counts] = await tx.execute<{ done: string; total: string }[]>(
        `select count(*) filter (where generation_state = 'done') as done, count(*) as total from aulas where plano_id = ?`,
        [planId],
      );
      return { userId: rows[0].user_id, done: Number(counts.done), total: Number(counts.total) };
    });
    if (!result) return false;
    this.logger.warn({ planId, reason }, 'plan failed; credit returned');
    this.progress.publish(result.userId, {
      planId,
      type: 'failed',
      state: 'failed',
      done: result.done,
      total: result.total,
      error: reason,
      creditRefunded: true,
    });
    return true;
  }
}
