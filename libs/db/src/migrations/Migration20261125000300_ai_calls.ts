import { Migration } from '@mikro-orm/migrations';

/**
 * AI calls made for each lesson and each plan by its first generation, counted in the database so that the bound
 * (AI_MAX_CALLS_PER_LESSON, AI_MAX_CALLS_PER_PLAN_LESSON) holds across retries, job attempts and worker restarts.
 */
export class Migration20261125000300_ai_calls extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "aulas" add column "ai_calls" integer not null default 0;`);
    this.addSql(`alter table "planos_aula" add column "ai_calls" integer not null default 0;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "aulas" drop column "ai_calls";`);
    this.addSql(`alter table "planos_aula" drop column "ai_calls";`);
  }
}
