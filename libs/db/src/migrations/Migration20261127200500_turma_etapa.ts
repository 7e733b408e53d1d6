import { Migration } from '@mikro-orm/migrations';

/**
 * A class's school stage (decisions.md, "The whole BNCC"): every existing class is of the Ensino Fundamental. Its `ano`
 * is one of the stage's years: 1 to 3 (grupos etários) in infantil, 1 to 9 in fundamental, 1 to 3 (séries) in médio,
 * as libs/contracts etapas.ts defines them (a migration keeps its own copy: it must not change when the code does).
 */
export class Migration20261127200500_turma_etapa extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "turmas" add column "etapa" varchar(16) not null default 'fundamental';`);
    this.addSql(`alter table "turmas" drop constraint if exists "turmas_ano_check";`);
    this.addSql(`alter table "turmas" add constraint "turmas_etapa_ano_check" check (
      ("etapa" = 'fundamental' and "ano" in ('1','2','3','4','5','6','7','8','9'))
      or ("etapa" in ('infantil', 'medio') and "ano" in ('1','2','3')));`);
  }

  override async down(): Promise<void> {
    this.addSql(`delete from "turmas" where "etapa" <> 'fundamental';`);
    this.addSql(`alter table "turmas" drop constraint if exists "turmas_etapa_ano_check";`);
    this.addSql(`alter table "turmas" add constraint "turmas_ano_check" check ("ano" in ('1','2','3','4','5','6','7','8','9'));`);
    this.addSql(`alter table "turmas" drop column if exists "etapa";`);
  }
}
