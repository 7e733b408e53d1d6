import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 16 (security and fault review):
 * - e-mail verification: users.email_verified_at and hashed one-time tokens. Accounts that exist before this
 *   migration start unverified (no proof they own their address): ADMIN_EMAILS grants them admin only once they
 *   confirm; roles already held are kept (a command-line grant cannot be told apart from an ADMIN_EMAILS one).
 * - token e-mails: the worker makes the token, so a token row exists before its hash (token_hash null until then).
 * - export files wait in PostgreSQL, not Redis, until the api streams them (short expiry, swept).
 * - bulk e-mail keeps per-recipient state so a retried or restarted send mails each recipient once.
 */
export class Migration20261124002000_security_review extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "users" add column "email_verified_at" timestamptz null;`);
    this.addSql(`create table "email_verification_tokens" (
      "id" uuid primary key,
      "user_id" uuid not null references "users" ("id") on update cascade on delete cascade,
      "token_hash" varchar(64) null unique,
      "expires_at" timestamptz not null,
      "used_at" timestamptz null,
      "created_at" timestamptz not null default now());`);
    this.addSql(`create index "email_verification_tokens_user_id_index" on "email_verification_tokens" ("user_id");`);
    this.addSql(`alter table "password_reset_tokens" alter column "token_hash" drop not null;`);

    this.addSql(`create table "export_files" (
      "id" uuid primary key,
      "user_id" uuid not null references "users" ("id") on update cascade on delete cascade,
      "plano_id" uuid not null,
      "file_name" varchar(300) not null,
      "content" bytea not null,
      "bytes" integer not null,
      "expires_at" timestamptz not null,
      "created_at" timestamptz not null default now());`);
    this.addSql(`create index "export_files_expires_at_index" on "export_files" ("expires_at");`);

    this.addSql(`create table "email_log_recipients" (
      "log_id" uuid not null references "email_logs" ("id") on update cascade on delete cascade,
      "address" varchar(254) not null,
      "kind" varchar(3) not null,
      "status" varchar(16) not null default 'pending',
      "error" text null,
      "sent_at" timestamptz null,
      "updated_at" timestamptz not null default now(),
      primary key ("log_id", "address"));`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "email_log_recipients" cascade;`);
    this.addSql(`drop table if exists "export_files" cascade;`);
    this.addSql(`delete from "password_reset_tokens" where "token_hash" is null;`);
    this.addSql(`alter table "password_reset_tokens" alter column "token_hash" set not null;`);
    this.addSql(`drop table if exists "email_verification_tokens" cascade;`);
    this.addSql(`alter table "users" drop column "email_verified_at";`);
  }
}
