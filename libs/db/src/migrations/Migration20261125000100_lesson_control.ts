import { Migration } from '@mikro-orm/migrations';

/**
 * Lesson control (issue 13): a lesson's own state is queued | running | done | failed ('pending' becomes
 * 'queued'); each lesson carries its version, the skills the teacher pinned, warnings for the page, its
 * regeneration count and whether the regeneration in flight took a credit (given back once if it fails).
 * Every content of a lesson is kept in aula_versoes (the current one included), so any change can be undone.
 */
export class Migration20261125000100_lesson_control extends Migration {
  override async up(): Promise<void> {
    this.addSql(`update "aulas" set "generation_state" = 'queued' where "generation_state" = 'pending';`);
    this.addSql(`alter table "aulas" alter column "generation_state" set default 'queued';`);
    this.addSql(`alter table "aulas"
      add column "versao" int not null default 0,
      add column "habilidades_fixadas" jsonb not null default '[]',
      add column "avisos" jsonb not null default '[]',
      add column "regeneracoes" int not null default 0,
      add column "regeneration_charged" boolean not null default false,
      add column "regeneration_job_id" varchar(128) null,
      add column "regeneration_previous_state" varchar(16) null,
      add column "regeneration_request" jsonb null;`);
    this.addSql(`create table "aula_versoes" (
      "id" uuid not null primary key,
      "aula_id" uuid not null references "aulas" ("id") on update cascade on delete cascade,
      "versao" int not null,
      "origem" varchar(16) not null,
      "habilidades" text null,
      "objetivos" text null,
      "objetos_conhecimento" text null,
      "experiencias" text null,
      "evidencias" text null,
      "habilidade_codes" jsonb not null default '[]',
      "instrucao" text null,
      "campo" varchar(32) null,
      "created_at" timestamptz not null default now(),
      constraint "aula_versoes_aula_id_versao_unique" unique ("aula_id", "versao")
    );`);
    // Lessons written before this migration: their content becomes version 1 (origin: generation).
    this.addSql(`update "aulas" set "versao" = 1 where "generation_state" = 'done';`);
    this.addSql(`insert into "aula_versoes" ("id", "aula_id", "versao", "origem", "habilidades", "objetivos",
        "objetos_conhecimento", "experiencias", "evidencias", "habilidade_codes", "created_at")
      select gen_random_uuid(), "id", 1, 'geracao', "habilidades", "objetivos", "objetos_conhecimento",
        "experiencias", "evidencias", coalesce("habilidade_codes"::jsonb, '[]'::jsonb), "updated_at"
        from "aulas" where "generation_state" = 'done';`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "aula_versoes";`);
    this.addSql(`alter table "aulas" drop column "versao", drop column "habilidades_fixadas", drop column "avisos",
      drop column "regeneracoes", drop column "regeneration_charged", drop column "regeneration_job_id",
      drop column "regeneration_previous_state", drop column "regeneration_request";`);
    this.addSql(`alter table "aulas" alter column "generation_state" set default 'pending';`);
    this.addSql(`update "aulas" set "generation_state" = 'pending' where "generation_state" = 'queued';`);
  }
}
