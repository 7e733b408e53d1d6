import { Migration } from '@mikro-orm/migrations';

/**
 * The school calendar (issue 26): a teacher's own trimestre dates per year (calendarios), and whether a plan's
 * trimestre was chosen by the teacher (kept when the calendar changes) or derived from the calendar (moved with
 * it). Existing plans whose trimestre is the one their creation month gave (the old January-April rule) count as
 * derived; any other was chosen.
 */
export class Migration20261127170000_school_calendar extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "calendarios" (
      "user_id" uuid not null references "users" ("id") on delete cascade,
      "ano" smallint not null,
      "trimestres" jsonb not null,
      "updated_at" timestamptz not null default now(),
      primary key ("user_id", "ano"));`);
    this.addSql(`alter table "planos_aula" add column "trimestre_escolhido" boolean not null default false;`);
    this.addSql(`update "planos_aula" set "trimestre_escolhido" = "trimestre" <> case
        when extract(month from "created_at" at time zone 'America/Sao_Paulo') <= 4 then 1
        when extract(month from "created_at" at time zone 'America/Sao_Paulo') <= 8 then 2
        else 3 end;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "planos_aula" drop column "trimestre_escolhido";`);
    this.addSql(`drop table "calendarios";`);
  }
}
