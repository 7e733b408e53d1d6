import { Migration } from '@mikro-orm/migrations';

/**
 * The school stage of each curriculum item (decisions.md, "The whole BNCC"): every skill imported so far is of the
 * Ensino Fundamental. The component column grows to hold the campos de experiências' slugs.
 */
export class Migration20261127194500_curriculum_etapa extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "curriculum_skills" add column "etapa" varchar(16) not null default 'fundamental';`);
    this.addSql(`alter table "curriculum_skills" alter column "component" type varchar(48);`);
  }

  override async down(): Promise<void> {
    this.addSql(`delete from "curriculum_skills" where "etapa" <> 'fundamental';`);
    this.addSql(`alter table "curriculum_skills" alter column "component" type varchar(32);`);
    this.addSql(`alter table "curriculum_skills" drop column if exists "etapa";`);
  }
}
