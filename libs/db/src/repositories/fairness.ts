import { Repository } from '../database';

/** Its queries, each one method, on the process's Database (injected by class in the api and the worker). */
export class FairnessRepository extends Repository {
  /**
   * How many of the teacher's jobs of a band wait or run besides this one (the queue's fairness: her job's priority,
   * libs/queue jobPriority): her plans still being generated other than `exceptId`, or her lessons being regenerated
   * other than `exceptId`.
   */
  async teacherBacklog(userId: string, band: 'first-generation' | 'regeneration', exceptId: string): Promise<number> {
    const sql =
      band === 'first-generation'
        ? `select count(*)::int as n from planos_aula
            where user_id = ? and generation_state in ('queued', 'running') and id <> ?`
        : `select count(*)::int as n from aulas a join planos_aula p on p.id = a.plano_id
            where p.user_id = ? and a.regeneration_job_id is not null and a.generation_state in ('queued', 'running') and a.id <> ?`;
    const [row] = await this.em.execute<{ n: number }[]>(sql, [userId, exceptId]);
    return row?.n ?? 0;
  }
}
