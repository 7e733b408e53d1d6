import { Migration } from '@mikro-orm/migrations';

/**
 * Inclusion (DUA) without personal data (decisions.md): a class's barreiras (tags of what it needs, never of who)
 * and each lesson's DUA strategies, kept in its versions too. Existing classes have none; existing lessons keep null
 * until they are regenerated or edited.
 */
export class Migration20261127200000_dua extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "turmas" add column "barreiras" jsonb not null default '[]';`);
    this.addSql(`alter table "aulas" add column "dua" jsonb null;`);
    this.addSql(`alter table "aula_versoes" add column "dua" jsonb null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "aula_versoes" drop column "dua";`);
    this.addSql(`alter table "aulas" drop column "dua";`);
    this.addSql(`alter table "turmas" drop column "barreiras";`);
  }
}
