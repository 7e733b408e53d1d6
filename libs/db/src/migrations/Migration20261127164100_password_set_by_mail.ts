import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 24 (ADMIN_EMAILS account takeover): confirming an address proves who reads the mailbox, not who chose the
 * password. users.password_set_by_mail_at is when the current password was set through a link mailed to the
 * address (the reset flow); registering leaves it null. ADMIN_EMAILS grants admin only when it is set.
 * Existing accounts start with null: roles already held are kept (a command-line grant cannot be told apart from
 * an ADMIN_EMAILS one); an ADMIN_EMAILS address that is not admin yet becomes one after a reset.
 */
export class Migration20261127164100_password_set_by_mail extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "users" add column "password_set_by_mail_at" timestamptz null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "users" drop column "password_set_by_mail_at";`);
  }
}
