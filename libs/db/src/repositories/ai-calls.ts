import { Repository } from '../database';

export interface AiCallLimits {
  /** Calls one lesson's first generation (or one regeneration) may make, over all its retries and job attempts. */
  perLesson: number;
  /** Calls a plan may make per lesson it holds (a 15-lesson plan: 15 times this), over all attempts. */
  perPlanLesson: number;
}

/** Whether one more AI call was granted, or which bound refused it. */
export type AiCallGrant = 'granted' | 'lesson-spent' | 'plan-spent';

/** Its queries, each one method, on the process's Database (injected by class in the api and the worker). */
export class AiCallsRepository extends Repository {
  /**
   * Takes one AI call from a lesson's and its plan's budgets, in one statement: both counters go up only when both
   * are under their bound, so concurrent lessons of one plan (and a plan's several workers) never overspend.
   */
  async takeAiCall(aulaId: string, limits: AiCallLimits): Promise<AiCallGrant> {
    const rows = await this.em.execute<{ lesson_calls: number; plan_calls: number; lessons: string; granted: boolean }[]>(
      `with target as (
         select a.id, a.plano_id, a.ai_calls as lesson_calls, p.ai_calls as plan_calls,
                (select count(*) from aulas x where x.plano_id = a.plano_id) as lessons
           from aulas a join planos_aula p on p.id = a.plano_id
          where a.id = ?
          for update of a, p
       ),
       grant_ok as (
         select * from target where lesson_calls < ? and plan_calls < lessons * ?
       ),
       lesson as (
         update aulas set ai_calls = ai_calls + 1 from grant_ok where aulas.id = grant_ok.id returning aulas.id
       ),
       plan as (
         update planos_aula set ai_calls = ai_calls + 1 from grant_ok where planos_aula.id = grant_ok.plano_id
         returning planos_aula.id
       )
       select t.lesson_calls, t.plan_calls, t.lessons, exists (select 1 from lesson) and exists (select 1 from plan) as granted
         from target t`,
      [aulaId, limits.perLesson, limits.perPlanLesson],
    );
    const row = rows[0];
    if (!row) return 'lesson-spent';
    if (row.granted) return 'granted';
    return row.lesson_calls >= limits.perLesson ? 'lesson-spent' : 'plan-spent';
  }

  /**
   * Takes one AI call for a lesson's regeneration by job `jobId`, from the lesson's counter only. The counter is the
   * lesson's over its whole life, never reset: its first generation and each regeneration (counted in regeneracoes
   * when queued, see queueLessonRegeneration) add `perLesson` calls to its budget, so a lesson regenerated n times
   * makes at most perLesson x (n + 1) calls, over all retries and job attempts, a worker restart included, and calls a
   * failed attempt spent stay spent. The plan's bound is for its first generation: regenerations are paid for or few
   * (3 free per lesson). The same statement marks the lesson running: it is from its first call on. False when no call
   * is left, or when the regeneration is no longer that job's or no longer pending (it ended): no call is made for it
   * then.
   */
  async takeRegenerationAiCall(aulaId: string, jobId: string, perLesson: number): Promise<boolean> {
    const rows = await this.em.execute<{ id: string }[]>(
      `update aulas set ai_calls = ai_calls + 1, generation_state = 'running'
        where id = ? and regeneration_job_id = ? and generation_state in ('queued', 'running')
          and ai_calls < ? * (regeneracoes + 1)
        returning id`,
      [aulaId, jobId, perLesson],
    );
    return rows.length > 0;
  }
}
