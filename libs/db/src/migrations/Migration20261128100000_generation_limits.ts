import { Migration } from '@mikro-orm/migrations';

/**
 * The first generations each user asked for (plans and assessments) and those that failed wholly, with when: the
 * per-minute and per-hour bounds and the bound on failed generations (LIMITS.generations*) are counted here, in
 * PostgreSQL, so they hold over every api process. A failure is its own row, written with the refund, so deleting
 * the failed plan does not take it back. Rows older than an hour are deleted as the user's next generation is admitted.
 */
export class Migration20261128100000_generation_limits extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "generation_requests" (
      "id" bigserial primary key,
      "user_id" uuid not null references "users" ("id") on delete cascade,
      "kind" varchar(16) not null check ("kind" in ('plano', 'avaliacao', 'falha')),
      "created_at" timestamptz not null default now()
    );`);
    this.addSql(`create index "generation_requests_user_created_idx" on "generation_requests" ("user_id", "created_at");`);
    this.addSql(`create index "avaliacoes_user_in_flight_idx" on "avaliacoes" ("user_id") where "generation_state" in ('queued', 'running');`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "avaliacoes_user_in_flight_idx";`);
    this.addSql(`drop table "generation_requests";`);
  }
}
