import { Migration } from '@mikro-orm/migrations';

/**
 * The queue prefix of plans and e-mails goes (it only kept test files that shared one database apart; each has its
 * own now): the worker's sweeper re-queues every stale plan, regeneration and e-mail of its database. Dropping a
 * column drops the indexes on it.
 */
export class Migration20261125140000_drop_queue_prefix extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "planos_aula" drop column if exists "queue_prefix";`);
    this.addSql(`alter table "email_logs" drop column if exists "queue_prefix";`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "planos_aula" add column "queue_prefix" varchar(64) null;`);
    this.addSql(`alter table "email_logs" add column "queue_prefix" varchar(64) null;`);
  }
}
