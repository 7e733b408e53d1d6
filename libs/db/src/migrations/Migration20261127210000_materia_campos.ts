import { Migration } from '@mikro-orm/migrations';

/**
 * A plan's and a lesson's subject hold the campos de experiências' slugs (decisions.md, "The whole BNCC"), the longest
 * of which, 'escuta-fala-pensamento-imaginacao', has 33 characters: the columns grow as the curriculum's component did.
 */
export class Migration20261127210000_materia_campos extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "planos_aula" alter column "materia_geral" type varchar(48);`);
    this.addSql(`alter table "aulas" alter column "materia" type varchar(48);`);
  }

  override async down(): Promise<void> {
    this.addSql(`delete from "planos_aula" where length("materia_geral") > 32 or "id" in (select "plano_id" from "aulas" where length("materia") > 32);`);
    this.addSql(`alter table "aulas" alter column "materia" type varchar(32);`);
    this.addSql(`alter table "planos_aula" alter column "materia_geral" type varchar(32);`);
  }
}
