import { Migration } from '@mikro-orm/migrations';

/**
 * Lessons that teach (decisions.md): each lesson has a title and a check of learning (verificação), kept in its
 * versions too; a plan whose title the server built from its lessons says so (tema_automatico), so the title
 * follows the lessons' titles once they are written. Existing lessons keep null (no title, no check) until they
 * are regenerated or edited.
 */
export class Migration20261127162000_lessons_that_teach extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "aulas" add column "titulo" varchar(80) null, add column "verificacao" jsonb null;`);
    this.addSql(`alter table "aula_versoes" add column "titulo" varchar(80) null, add column "verificacao" jsonb null;`);
    this.addSql(`alter table "planos_aula" add column "tema_automatico" boolean not null default false;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "planos_aula" drop column "tema_automatico";`);
    this.addSql(`alter table "aula_versoes" drop column "titulo", drop column "verificacao";`);
    this.addSql(`alter table "aulas" drop column "titulo", drop column "verificacao";`);
  }
}
