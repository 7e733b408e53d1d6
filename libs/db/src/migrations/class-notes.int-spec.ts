import { randomUUID } from 'node:crypto';
import { useScratchDatabase } from './__tests__/scratch-database';

/**
 * Migration20261128120000_class_notes_redacted on classes stored before it: their notes come out redacted (a name with
 * a health phrase, a CID code, a parent's phone, a CPF), notes without personal data and empty notes stay as they
 * were, and so does every class's `updated_at`. On a new empty database of its own, migrated up to the migration
 * before, where the classes are stored; then that migration runs, and the rest after it.
 */
describe('class-notes migration: the notes stored before are redacted', () => {
  const BEFORE = 'Migration20261128100100_lesson_notes';
  const CLASS_NOTES = 'Migration20261128120000_class_notes_redacted';
  const scratch = useScratchDatabase('class_notes');

  // Notes as stored before, and as they are after the migration.
  const notes: [before: string | null, after: string | null][] = [
    [
      'A Alice tem TEA e precisa de rotina. Laudo CID F84.0. Ligar para a mãe: (51) 99876-5432. CPF 529.982.247-25.',
      'A [nome] tem [laudo] e precisa de rotina. Laudo [CID]. Ligar para a mãe: [telefone]. [CPF].',
    ],
    ['O aluno Enzo Gabriel (CPF 529.982.247-25, nasc. 14/03/2016) senta na frente.', 'O aluno [nome] ([CPF], [data de nascimento]) senta na frente.'],
    ['Helena tem diabetes tipo 1. Maria-Eduarda tem TDAH.', '[nome] tem [laudo]. [nome] tem [laudo].'],
    ['Turma participativa, gosta de jogos.', 'Turma participativa, gosta de jogos.'],
    [null, null],
  ];
  // More classes than one batch of the migration reads, so it goes on past the first.
  const MANY = 620;

  it('redacts every stored note with personal data, leaves the others and the classes\' updated_at as they were', async () => {
    const migrator = scratch.orm.getMigrator();
    await migrator.up({ to: BEFORE });
    expect((await migrator.getPendingMigrations()).map((m) => m.name)[0]).toBe(CLASS_NOTES);

    const userId = randomUUID();
    await scratch.db.query(`insert into users (id, email, password) values ($1, 'prof@escola.rs.gov.br', 'not-a-real-hash')`, [userId]);
    const ids = new Map<string, string | null>();
    for (const [i, [before, after]] of notes.entries()) {
      const id = randomUUID();
      ids.set(id, after);
      await scratch.db.query(
        `insert into turmas (id, nome_professor, numero, escola, ano, user_id, observacoes_adicionais, updated_at)
         values ($1, 'Ana', $2, 'Escola A', '5', $3, $4, '2026-03-01T12:00:00Z')`,
        [id, String(51 + i), userId, before],
      );
    }
    // The many: every other one names a student and her phone.
    await scratch.db.query(
      `insert into turmas (id, nome_professor, numero, escola, ano, user_id, observacoes_adicionais, updated_at)
       select gen_random_uuid(), 'Ana', 'M' || n, 'Escola B', '5', $1,
              case when n % 2 = 0 then 'A aluna Yasmin ' || n || ' chega tarde; telefone da mãe (51) 99876-5432.' else 'Turma ' || n || ' da tarde.' end,
              '2026-03-01T12:00:00Z'
         from generate_series(1, $2::int) n`,
      [userId, MANY],
    );

    await migrator.up({ to: CLASS_NOTES });
    const { rows } = await scratch.db.query<{ id: string; numero: string; observacoes_adicionais: string | null; updated_at: Date }>(
      'select id, numero, observacoes_adicionais, updated_at from turmas',
    );
    expect(rows).toHaveLength(notes.length + MANY);
    for (const row of rows) {
      expect(row.updated_at.toISOString()).toBe('2026-03-01T12:00:00.000Z');
      if (ids.has(row.id)) {
        expect(row.observacoes_adicionais).toBe(ids.get(row.id));
        continue;
      }
      const n = Number(row.numero.slice(1));
      expect(row.observacoes_adicionais).toBe(n % 2 === 0 ? `A aluna [nome] ${n} chega tarde; telefone da mãe [telefone].` : `Turma ${n} da tarde.`);
    }

    // The migrations after it apply on top, and the redacted notes stay.
    await migrator.up();
    expect(await migrator.getPendingMigrations()).toEqual([]);
    const { rows: personal } = await scratch.db.query(`select 1 from turmas where observacoes_adicionais ~ '(Alice|Enzo|Yasmin|F84|99876|529\\.982)'`);
    expect(personal).toHaveLength(0);
  });

  it('down keeps the notes redacted (nothing personal was kept to put back)', async () => {
    const migrator = scratch.orm.getMigrator();
    await migrator.down({ migrations: [CLASS_NOTES] });
    expect((await migrator.getPendingMigrations()).map((m) => m.name)).toEqual([CLASS_NOTES]);
    const { rows } = await scratch.db.query<{ observacoes_adicionais: string }>(`select observacoes_adicionais from turmas where numero = '51'`);
    expect(rows[0].observacoes_adicionais).toBe(notes[0][1]);
    await migrator.up({ migrations: [CLASS_NOTES] });
    expect(await migrator.getPendingMigrations()).toEqual([]);
  });
});
