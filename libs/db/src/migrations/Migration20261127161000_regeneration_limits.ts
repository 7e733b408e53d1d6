import { Migration } from '@mikro-orm/migrations';

/**
 * The regenerations each user asked for, with when: the per-hour bound (LIMITS.regenerationsPerHour) is counted
 * here, in PostgreSQL, so it holds over every api process. Rows older than an hour are of no use and are deleted as
 * the user's next regeneration is admitted.
 */
export class Migration20261127161000_regeneration_limits extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "regeneration_requests" (
      "id" bigserial primary key,
      "user_id" uuid not null references "users" ("id") on delete cascade,
      "aula_id" uuid not null,
      "created_at" timestamptz not null default now()
    );`);
    this.addSql(`create index "regeneration_requests_user_created_idx" on "regeneration_requests" ("user_id", "created_at");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table "regeneration_requests";`);
  }
}
