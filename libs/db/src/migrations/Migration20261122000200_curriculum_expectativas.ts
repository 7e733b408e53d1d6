import { Migration } from '@mikro-orm/migrations';

/** State (RS) 'Expectativas de Aprendizagens' attached to a skill by a state matrix import; empty for the BNCC. */
export class Migration20261122000200_curriculum_expectativas extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "curriculum_skills" add column "expectativas" jsonb not null default '[]'::jsonb;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "curriculum_skills" drop column if exists "expectativas";`);
  }
}
