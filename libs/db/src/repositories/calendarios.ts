import { calendarioDe, networkCalendar, type Calendario, type CalendarioPeriodo, type PeriodoTipo } from '@planejador/contracts';
import { Repository } from '../database';

/** A teacher's own calendar for a year: its kind and its periods. */
export interface CalendarioProprio {
  tipo: PeriodoTipo;
  periodos: CalendarioPeriodo[];
}

/**
 * The derived period of a row, in SQL: the first period (of `?::jsonb`, the periods' ends in order) whose end is on or
 * after the row's day (`dia`), else the last (as periodoNoCalendario).
 */
const DERIVED = `coalesce((select min(e.n)::int from jsonb_array_elements_text(?::jsonb) with ordinality as e(fim, n) where dia <= e.fim::date), ?)`;

/** Its queries, each one method, on the process's Database (injected by class in the api and the worker). */
export class CalendariosRepository extends Repository {
  /** The teacher's own calendar for a year (kind and periods), or null when she saved none. */
  async findCalendario(userId: string, ano: number): Promise<CalendarioProprio | null> {
    const [row] = await this.em.execute<{ tipo: PeriodoTipo; periodos: CalendarioPeriodo[] }[]>(
      `select "tipo", "periodos" from "calendarios" where "user_id" = ? and "ano" = ?`,
      [userId, ano],
    );
    return row ? { tipo: row.tipo, periodos: row.periodos } : null;
  }

  /**
   * The teacher's calendar for a year: her own ('professor'), else the one the product ships for that year or a
   * provisional one (networkCalendar).
   */
  async calendarioFor(userId: string, ano: number): Promise<Calendario> {
    const own = await this.findCalendario(userId, ano);
    return own ? calendarioDe(ano, own.tipo, own.periodos, 'professor', null) : networkCalendar(ano);
  }

  /** Saves the teacher's calendar for a year (replacing any earlier one). */
  async saveCalendario(userId: string, ano: number, tipo: PeriodoTipo, periodos: readonly CalendarioPeriodo[]): Promise<void> {
    await this.em.execute(
      `insert into "calendarios" ("user_id", "ano", "tipo", "periodos", "updated_at") values (?, ?, ?, ?::jsonb, now())
       on conflict ("user_id", "ano") do update set "tipo" = excluded."tipo", "periodos" = excluded."periodos", "updated_at" = now()`,
      [userId, ano, tipo, JSON.stringify(periodos.map((p) => ({ numero: p.numero, inicio: p.inicio, fim: p.fim })))],
    );
  }

  /**
   * Places the user's plans of that year (`ano`) in the given calendar: a derived period becomes the one holding the
   * plan's start date, or its creation date in the school's time zone (as periodoNoCalendario); a chosen period keeps
   * its number where the kind has it, else it becomes derived. The kind is stored with each plan, and `trimestre`
   * follows the period under a trimestre calendar (null under the others). Returns how many plans changed period
   * (number or kind).
   */
  async rederivePlanPeriodos(
    userId: string,
    ano: number,
    tipo: PeriodoTipo,
    periodos: readonly CalendarioPeriodo[],
    timeZone: string,
  ): Promise<number> {
    const ends = JSON.stringify(periodos.map((p) => p.fim));
    const rows = await this.em.execute<{ id: string }[]>(
      `with dated as (
         select "id", "periodo", "periodo_tipo", "trimestre", "trimestre_escolhido",
                coalesce("data_inicio", ("created_at" at time zone ?)::date) as dia
           from "planos_aula" where "user_id" = ? and "ano" = ?
       ), placed as (
         select "id", "periodo", "periodo_tipo", "trimestre", "trimestre_escolhido",
                "trimestre_escolhido" and "periodo" <= ? as "escolhido", ${DERIVED} as "derivado"
           from dated
       ), next as (
         select "id", "periodo", "periodo_tipo", "trimestre", "trimestre_escolhido", "escolhido",
                case when "escolhido" then "periodo" else "derivado" end as "novo"
           from placed
       )
       update "planos_aula" p
          set "periodo" = n."novo", "periodo_tipo" = ?, "trimestre" = case when ? = 'trimestre' then n."novo" end,
              "trimestre_escolhido" = n."escolhido", "updated_at" = now()
         from next n
        where p."id" = n."id"
          and (n."periodo" <> n."novo" or n."periodo_tipo" <> ? or n."trimestre_escolhido" <> n."escolhido"
               or n."trimestre" is distinct from case when ? = 'trimestre' then n."novo" end)
       returning p."id", (n."periodo" <> n."novo" or n."periodo_tipo" <> ?) as "moved"`,
      [timeZone, userId, ano, periodos.length, ends, periodos.length, tipo, tipo, tipo, tipo, tipo],
    );
    return (rows as { id: string; moved: boolean }[]).filter((r) => r.moved).length;
  }

  /**
   * Places the user's assessments of that year in the given calendar: each keeps its period where the kind has it,
   * else takes the one holding its creation date; the kind is stored with it and `trimestre` follows as for plans.
   */
  async rederiveAvaliacaoPeriodos(
    userId: string,
    ano: number,
    tipo: PeriodoTipo,
    periodos: readonly CalendarioPeriodo[],
    timeZone: string,
  ): Promise<void> {
    const ends = JSON.stringify(periodos.map((p) => p.fim));
    await this.em.execute(
      `with dated as (
         select "id", "periodo", ("created_at" at time zone ?)::date as dia from "avaliacoes" where "user_id" = ? and "ano" = ?
       ), next as (
         select "id", case when "periodo" <= ? then "periodo" else ${DERIVED} end as "novo" from dated
       )
       update "avaliacoes" a
          set "periodo" = n."novo", "periodo_tipo" = ?, "trimestre" = case when ? = 'trimestre' then n."novo" end
         from next n
        where a."id" = n."id"
          and (a."periodo" <> n."novo" or a."periodo_tipo" <> ? or a."trimestre" is distinct from case when ? = 'trimestre' then n."novo" end)`,
      [timeZone, userId, ano, periodos.length, ends, periodos.length, tipo, tipo, tipo, tipo],
    );
  }
}
