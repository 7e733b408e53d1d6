import { Migration } from '@mikro-orm/migrations';

/**
 * The school year (issue 15): each plan carries its trimestre (existing plans get the one of their creation date
 * in Brazil's school calendar: January-April 1, May-August 2, September-December 3), an optional period and the
 * lesson length. The class's coverage reads a class's finished plans by (turma_id, generation_state).
 */
export class Migration20261125000200_school_year extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "planos_aula"
      add column "trimestre" smallint not null default 1,
      add column "data_inicio" date null,
      add column "data_fim" date null,
      add column "duracao_aula_min" smallint null;`);
    this.addSql(`update "planos_aula" set "trimestre" = case
        when extract(month from "created_at" at time zone 'America/Sao_Paulo') <= 4 then 1
        when extract(month from "created_at" at time zone 'America/Sao_Paulo') <= 8 then 2
        else 3 end;`);
    this.addSql(`alter table "planos_aula" add constraint "planos_aula_trimestre_check" check ("trimestre" between 1 and 3);`);
    this.addSql(`create index "planos_aula_turma_state_index" on "planos_aula" ("turma_id", "generation_state") include ("trimestre", "tema_principal");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "planos_aula_turma_state_index";`);
    this.addSql(`alter table "planos_aula" drop constraint if exists "planos_aula_trimestre_check";`);
    this.addSql(`alter table "planos_aula" drop column "trimestre", drop column "data_inicio", drop column "data_fim", drop column "duracao_aula_min";`);
  }
}
