import { Migration } from '@mikro-orm/migrations';

/**
 * The plan list is paged by (created_at, id), newest first: one index walks a teacher's plans in that order,
 * ties included, so any page costs the same as the first. It replaces the (user_id, created_at) index.
 */
export class Migration20261123000100_planos_list_keyset extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create index "planos_aula_user_id_created_at_id_index" on "planos_aula" ("user_id", "created_at", "id");`);
    this.addSql(`drop index if exists "planos_aula_user_id_created_at_index";`);
  }

  override async down(): Promise<void> {
    this.addSql(`create index "planos_aula_user_id_created_at_index" on "planos_aula" ("user_id", "created_at");`);
    this.addSql(`drop index if exists "planos_aula_user_id_created_at_id_index";`);
  }
}
