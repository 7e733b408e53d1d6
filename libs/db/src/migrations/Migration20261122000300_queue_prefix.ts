import { Migration } from '@mikro-orm/migrations';

/**
 * The queue prefix a plan or e-mail was queued under: the worker's sweeper re-queues only its own
 * installation's records when several share one database (and test files sharing a test database).
 */
export class Migration20261122000300_queue_prefix extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "planos_aula" add column "queue_prefix" varchar(64) null;`);
    this.addSql(`alter table "email_logs" add column "queue_prefix" varchar(64) null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "planos_aula" drop column "queue_prefix";`);
    this.addSql(`alter table "email_logs" drop column "queue_prefix";`);
  }
}
