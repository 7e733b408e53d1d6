import { Migration } from '@mikro-orm/migrations';

/**
 * Assessment by skill (issue 26): per class, trimestre and subject, the skills assessed with their questions and
 * 4-level rubric (habilidades: [{ code, description, questoes, rubrica }], filled by the worker skill by skill), the
 * generation state, the credit (taken by the api with the row, refunded at most once) and the AI calls spent (a
 * bound that holds across attempts and restarts).
 */
export class Migration20261127174300_avaliacoes extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "avaliacoes" (
      "id" uuid primary key,
      "user_id" uuid not null references "users" ("id") on update cascade on delete cascade,
      "turma_id" uuid not null references "turmas" ("id") on update cascade on delete cascade,
      "trimestre" smallint not null check ("trimestre" between 1 and 3),
      "materia" varchar(40) not null,
      "questoes_por_habilidade" smallint not null check ("questoes_por_habilidade" between 1 and 3),
      "habilidades" jsonb not null,
      "generation_state" varchar(16) not null default 'queued',
      "generation_error" text null,
      "generator" varchar(16) null,
      "credit_taken" boolean not null default true,
      "credit_refunded" boolean not null default false,
      "ai_calls" integer not null default 0,
      "enqueued_at" timestamptz null,
      "finished_at" timestamptz null,
      "created_at" timestamptz not null default now(),
      "updated_at" timestamptz not null default now());`);
    this.addSql(`create index "avaliacoes_turma_id_state_index" on "avaliacoes" ("turma_id", "generation_state");`);
    this.addSql(`create index "avaliacoes_stale_index" on "avaliacoes" ("updated_at") where "generation_state" in ('queued', 'running');`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "avaliacoes";`);
  }
}
