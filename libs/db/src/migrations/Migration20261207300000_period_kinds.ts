import { Migration } from '@mikro-orm/migrations';

/** A plan's or an assessment's day for its year and derived period: its start date, else its creation date in São Paulo. */
const DAY = `coalesce("data_inicio", ("created_at" at time zone 'America/Sao_Paulo')::date)`;

/**
 * Period kinds (issue 36; decisions.md, "Period kinds"): a teacher's calendar for a year is split into trimestres,
 * bimestres or semestres (calendarios.tipo, calendarios.periodos: the former trimestres). Plans and assessments carry
 * `periodo` (1..4), `ano` (the calendar year of the start date, else of creation) and the kind of that year's
 * calendar (`periodo_tipo`); `trimestre` stays, equal to `periodo` under a trimestre calendar and null under the
 * others (its default stays 1, as periodo's and the kind's: a row stored without them is in the 1st trimestre).
 * Existing rows were all trimestres: periodo = trimestre. The shipped calendars of two years changed with
 * this release (2022: the network's bimestres; 2026: the trimestres inferred from Portaria 705/2025), so plans of
 * those years whose teacher saved no calendar of her own are placed again, as a calendar change places them: a
 * derived period follows its date, a chosen one keeps its number (every trimestre exists among 4 bimestres).
 */
export class Migration20261207300000_period_kinds extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "calendarios"
      add column "tipo" text not null default 'trimestre' check ("tipo" in ('trimestre', 'bimestre', 'semestre')),
      add column "periodos" jsonb;`);
    this.addSql(`update "calendarios" set "periodos" = "trimestres";`);
    this.addSql(`alter table "calendarios" alter column "periodos" set not null, drop column "trimestres";`);

    this.addSql(`alter table "planos_aula"
      add column "periodo" smallint not null default 1 check ("periodo" between 1 and 4),
      add column "ano" smallint not null default extract(year from (now() at time zone 'America/Sao_Paulo'))::smallint,
      add column "periodo_tipo" text not null default 'trimestre' check ("periodo_tipo" in ('trimestre', 'bimestre', 'semestre')),
      alter column "trimestre" drop not null;`);
    this.addSql(`update "planos_aula" set "periodo" = "trimestre", "ano" = extract(year from ${DAY})::smallint;`);
    this.addSql(`drop index if exists "planos_aula_turma_state_index";`);
    this.addSql(
      `create index "planos_aula_turma_state_index" on "planos_aula" ("turma_id", "generation_state") include ("trimestre", "periodo", "ano", "tema_principal");`,
    );
    this.addSql(`create index "planos_aula_user_ano_index" on "planos_aula" ("user_id", "ano");`);
    // 2022 answers the network's bimestres (ends 05/05, 15/07, 04/10, 16/12).
    this.addSql(`update "planos_aula" p set "periodo_tipo" = 'bimestre', "trimestre" = null,
        "periodo" = case when p."trimestre_escolhido" then p."periodo"
                         else case when ${DAY} <= date '2022-05-05' then 1 when ${DAY} <= date '2022-07-15' then 2
                                   when ${DAY} <= date '2022-10-04' then 3 else 4 end end
      where p."ano" = 2022 and not exists (select 1 from "calendarios" c where c."user_id" = p."user_id" and c."ano" = 2022);`);
    // 2026 answers the inferred trimestres (ends 22/05, 04/09, 18/12): derived plans follow their dates.
    this.addSql(`update "planos_aula" p set
        "periodo" = case when ${DAY} <= date '2026-05-22' then 1 when ${DAY} <= date '2026-09-04' then 2 else 3 end,
        "trimestre" = case when ${DAY} <= date '2026-05-22' then 1 when ${DAY} <= date '2026-09-04' then 2 else 3 end
      where p."ano" = 2026 and not p."trimestre_escolhido"
        and not exists (select 1 from "calendarios" c where c."user_id" = p."user_id" and c."ano" = 2026);`);

    this.addSql(`alter table "avaliacoes"
      add column "periodo" smallint not null default 1 check ("periodo" between 1 and 4),
      add column "ano" smallint not null default extract(year from (now() at time zone 'America/Sao_Paulo'))::smallint,
      add column "periodo_tipo" text not null default 'trimestre' check ("periodo_tipo" in ('trimestre', 'bimestre', 'semestre')),
      alter column "trimestre" drop not null;`);
    this.addSql(`update "avaliacoes" set "periodo" = "trimestre", "ano" = extract(year from ("created_at" at time zone 'America/Sao_Paulo'))::smallint;`);
    this.addSql(`update "avaliacoes" a set "periodo_tipo" = 'bimestre', "trimestre" = null
      where a."ano" = 2022 and not exists (select 1 from "calendarios" c where c."user_id" = a."user_id" and c."ano" = 2022);`);
  }

  override async down(): Promise<void> {
    // Periods a trimestre cannot hold (a 4th bimestre) go to the 3rd.
    this.addSql(`update "avaliacoes" set "trimestre" = least("periodo", 3) where "trimestre" is null;`);
    this.addSql(`alter table "avaliacoes" alter column "trimestre" set not null, drop column "periodo", drop column "ano", drop column "periodo_tipo";`);
    this.addSql(`update "planos_aula" set "trimestre" = least("periodo", 3) where "trimestre" is null;`);
    this.addSql(`drop index if exists "planos_aula_user_ano_index";`);
    this.addSql(`drop index if exists "planos_aula_turma_state_index";`);
    this.addSql(`alter table "planos_aula" alter column "trimestre" set not null,
      drop column "periodo", drop column "ano", drop column "periodo_tipo";`);
    this.addSql(`create index "planos_aula_turma_state_index" on "planos_aula" ("turma_id", "generation_state") include ("trimestre", "tema_principal");`);
    this.addSql(`alter table "calendarios" add column "trimestres" jsonb;`);
    this.addSql(`update "calendarios" set "trimestres" = "periodos" where "tipo" = 'trimestre';`);
    this.addSql(`delete from "calendarios" where "trimestres" is null;`);
    this.addSql(`alter table "calendarios" alter column "trimestres" set not null, drop column "periodos", drop column "tipo";`);
  }
}
