import { Migration } from '@mikro-orm/migrations';
import { redactClassNotes } from '@planejador/contracts';

/** Classes read per statement: the notes of a batch are at most 2,000 characters each. */
const BATCH = 500;

/**
 * Class notes (`observacoesAdicionais`) are stored redacted (decisions.md, "Sessions and security"): the api redacts
 * them before it saves a class, and the notes stored before that are redacted here, with the same redactor
 * (`redactClassNotes`, TypeScript rather than SQL), in batches by id inside the migration's transaction. Only the
 * notes it changes are written; `updated_at` stays, as the teacher changed nothing.
 */
export class Migration20261128120000_class_notes_redacted extends Migration {
  override async up(): Promise<void> {
    let after: string | null = null;
    for (;;) {
      const rows = (await this.execute(
        `select "id", "observacoes_adicionais" from "turmas"
          where "observacoes_adicionais" is not null${after ? ' and "id" > ?' : ''}
          order by "id" limit ${BATCH}`,
        after ? [after] : [],
      )) as { id: string; observacoes_adicionais: string }[];
      for (const row of rows) {
        const redacted = redactClassNotes(row.observacoes_adicionais).text;
        if (redacted !== row.observacoes_adicionais) {
          await this.execute(`update "turmas" set "observacoes_adicionais" = ? where "id" = ?`, [redacted, row.id]);
        }
      }
      if (rows.length < BATCH) return;
      after = rows[rows.length - 1].id;
    }
  }

  override async down(): Promise<void> {
    // Nothing to put back: the personal data removed was never kept anywhere, by design, and redacted notes are
    // valid notes for the schema before this migration too.
  }
}
