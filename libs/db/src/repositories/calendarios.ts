import type { CalendarioTrimestre } from '@planejador/contracts';
import { Repository } from '../database';

/** Its queries, each one method, on the process's Database (injected by class in the api and the worker). */
export class CalendariosRepository extends Repository {
  /** The teacher's own trimestre dates for a year, or null when she saved none. */
  async findCalendario(userId: string, ano: number): Promise<CalendarioTrimestre[] | null> {
    const [row] = await this.em.execute<{ trimestres: CalendarioTrimestre[] }[]>(
      `select "trimestres" from "calendarios" where "user_id" = ? and "ano" = ?`,
      [userId, ano],
    );
    return row?.trimestres ?? null;
  }

  /** Saves the teacher's dates for a year (replacing any earlier ones). */
  async saveCalendario(userId: string, ano: number, trimestres: CalendarioTrimestre[]): Promise<void> {
    await this.em.execute(
      `insert into "calendarios" ("user_id", "ano", "trimestres", "updated_at") values (?, ?, ?::jsonb, now())
       on conflict ("user_id", "ano") do update set "trimestres" = excluded."trimestres", "updated_at" = now()`,
      [userId, ano, JSON.stringify(trimestres)],
    );
  }

  /**
   * Moves the user's plans of that year whose trimestre was derived (never one the teacher chose) to the trimestre of
   * the given dates that holds their start date, or their creation date in the school's time zone: up to the 1st's
   * end the 1st, up to the 2nd's end the 2nd, else the 3rd (as trimestreNoCalendario). Returns how many moved.
   */
  async rederivePlanTrimestres(
    userId: string,
    ano: number,
    trimestres: readonly CalendarioTrimestre[],
    timeZone: string,
  ): Promise<number> {
    const rows = await this.em.execute<{ id: string }[]>(
      `with dated as (
         select "id", coalesce("data_inicio", ("created_at" at time zone ?)::date) as "dia", "trimestre"
           from "planos_aula" where "user_id" = ? and not "trimestre_escolhido"
       ), derived as (
         select "id", "trimestre", case when "dia" <= ?::date then 1 when "dia" <= ?::date then 2 else 3 end as "novo"
           from dated where extract(year from "dia") = ?
       )
       update "planos_aula" p set "trimestre" = d."novo", "updated_at" = now()
         from derived d where p."id" = d."id" and d."trimestre" <> d."novo"
       returning p."id"`,
      [timeZone, userId, trimestres[0].fim, trimestres[1].fim, ano],
    );
    return rows.length;
  }
}
