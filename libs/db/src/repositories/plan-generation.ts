import type { GenerationState } from '@planejador/contracts';
import { Aula, PlanoAula } from '../entities';
import { Repository } from '../database';

/** A plan the sweeper looks at: its owner (for the queue's fairness) and its state. */
export interface StalePlan {
  id: string;
  userId: string;
  generationState: GenerationState;
}

/** A plan's first generation as the worker runs it: its states and its lessons', its end (done, or failed with the credit back), and the sweeper's look at plans left behind. */
export class PlanGenerationRepository extends Repository {
  /** The plan's generation starts (or goes on): running, unless it already ended. */
  async markPlanRunning(planId: string): Promise<boolean> {
    return (await this.em.nativeUpdate(PlanoAula, { id: planId, generationState: { $in: ['queued', 'running'] } }, { generationState: 'running' })) > 0;
  }

  /** The lesson's generation starts: running, unless it is done. */
  async markLessonRunning(aulaId: string): Promise<void> {
    await this.em.nativeUpdate(Aula, { id: aulaId, generationState: { $ne: 'done' } }, { generationState: 'running', generationError: null });
  }

  /** The plan's first lesson not yet done (by its number) starts: running; its id, or null when every lesson is done. */
  async markFirstPendingLessonRunning(planId: string): Promise<string | null> {
    const rows = await this.em.execute<{ id: string }[]>(
      `update aulas set generation_state = 'running', generation_error = null
        where id = (select id from aulas where plano_id = ? and generation_state <> 'done' order by numero_aula limit 1)
        returning id`,
      [planId],
    );
    return rows[0]?.id ?? null;
  }

  /** The lesson's generation failed with this message, unless the lesson is done. */
  async markLessonFailed(aulaId: string, message: string): Promise<void> {
    await this.em.nativeUpdate(Aula, { id: aulaId, generationState: { $ne: 'done' } }, { generationState: 'failed', generationError: message });
  }

  /**
   * Ends a running plan's generation as done (reviewed status 'gerado'), by `generator`; false when it was not running.
   * `automaticTitle`: the title built from the lessons' titles, taken only while the server still names the plan
   * (tema_automatico: the teacher gave no title and has not renamed it).
   */
  async markPlanDone(planId: string, generator: string, automaticTitle: string | null = null): Promise<boolean> {
    const rows = await this.em.execute<{ id: string }[]>(
      `update planos_aula
          set generation_state = 'done', status = 'gerado', generator = ?, finished_at = now(), generation_error = null,
              tema_principal = case when tema_automatico and ?::text is not null then ?::text else tema_principal end,
              updated_at = now()
        where id = ? and generation_state = 'running'
        returning id`,
      [generator, automaticTitle, automaticTitle, planId],
    );
    return rows.length > 0;
  }

  /**
   * Plans still queued or running and untouched for `graceSeconds`, oldest first, at most 500: the sweeper looks at
   * their jobs.
   */
  async findStalePlans(graceSeconds: number): Promise<StalePlan[]> {
    const rows = await this.em.execute<{ id: string; user_id: string; generation_state: GenerationState }[]>(
      `select id, user_id, generation_state from planos_aula
        where generation_state in ('queued', 'running') and updated_at < now() - make_interval(secs => ?)
        order by created_at limit 500`,
      [graceSeconds],
    );
    return rows.map((r) => ({ id: r.id, userId: r.user_id, generationState: r.generation_state }));
  }

  /** The plan was queued again now. */
  async markPlanRequeued(planId: string): Promise<void> {
    await this.em.execute(`update planos_aula set enqueued_at = now(), updated_at = now() where id = ?`, [planId]);
  }

  /**
   * Ends a plan as failed, marking its credit as refunded, unless it is done or already refunded (the condition makes
   * it happen once). Returns the owner and the plan's lesson counts, or null when nothing changed.
   */
  async markPlanFailedForRefund(
    planId: string,
    reason: string,
  ): Promise<{ userId: string; done: number; total: number } | null> {
    const em = this.em;
    // The failure is recorded with the refund, once (generation_requests: the user's bound on failed generations).
    const rows = await em.execute<{ user_id: string }[]>(
      `with failed as (
         update planos_aula
            set generation_state = 'failed', generation_error = ?, credit_refunded = true,
                finished_at = now(), updated_at = now()
          where id = ? and credit_refunded = false and generation_state <> 'done'
          returning user_id
       ), noted as (insert into generation_requests (user_id, kind) select user_id, 'falha' from failed)
       select user_id from failed`,
      [reason, planId],
    );
    if (!rows.length) return null;
    const [counts] = await em.execute<{ done: string; total: string }[]>(
      `select count(*) filter (where generation_state = 'done') as done, count(*) as total from aulas where plano_id = ?`,
      [planId],
    );
    return { userId: rows[0].user_id, done: Number(counts.done), total: Number(counts.total) };
  }
}
