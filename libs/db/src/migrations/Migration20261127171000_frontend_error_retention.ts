import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 24: frontend error reports are kept 30 days (the worker's sweep deletes older ones): an index on their
 * creation time makes that delete cheap when there is nothing to delete.
 */
export class Migration20261127171000_frontend_error_retention extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create index "frontend_error_logs_created_at_index" on "frontend_error_logs" ("created_at");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "frontend_error_logs_created_at_index";`);
  }
}
