import { Migration } from '@mikro-orm/migrations';

/**
 * Results by skill (decisions.md, "Results by skill, counts only, never names"): per assessment and skill, how many
 * students reached each of the rubric's 4 levels. Counts only: no column can hold a student's name. A row goes with
 * its assessment (on delete cascade); the primary key serves the assessment's read and the coverage's join.
 */
export class Migration20261207400000_avaliacao_resultados extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "avaliacao_resultados" (
      "avaliacao_id" uuid not null references "avaliacoes" ("id") on update cascade on delete cascade,
      "code" varchar(20) not null,
      "nao_desenvolveu" smallint not null check ("nao_desenvolveu" between 0 and 200),
      "em_desenvolvimento" smallint not null check ("em_desenvolvimento" between 0 and 200),
      "desenvolveu" smallint not null check ("desenvolveu" between 0 and 200),
      "desenvolveu_plenamente" smallint not null check ("desenvolveu_plenamente" between 0 and 200),
      "updated_at" timestamptz not null default now(),
      primary key ("avaliacao_id", "code"));`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "avaliacao_resultados";`);
  }
}
