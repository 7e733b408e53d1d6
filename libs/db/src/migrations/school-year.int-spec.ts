import { randomUUID } from 'node:crypto';
import { useScratchDatabase } from './__tests__/scratch-database';

/**
 * Migration20261125000200_school_year on plans that existed before it: each gets the trimestre of its creation
 * date in Brazil's school calendar (January-April 1, May-August 2, September-December 3, by the date in São
 * Paulo). On a new empty database of its own, migrated up to the migration before, where the plans are stored
 * with chosen creation times; then that migration runs, and the rest after it.
 */
describe('school-year migration: the trimestre of existing plans from their creation date', () => {
  const BEFORE = 'Migration20261125000100_lesson_control';
  const SCHOOL_YEAR = 'Migration20261125000200_school_year';
  const scratch = useScratchDatabase('school_year');

  // Creation instants (UTC) and the trimestre of their date in São Paulo (UTC-3, no daylight saving since 2019).
  const plans: [createdAt: string, trimestre: number][] = [
    ['2026-01-01T03:00:00Z', 1], // 1 January, 00:00 in São Paulo
    ['2026-01-01T02:59:59Z', 3], // still 31 December in São Paulo
    ['2026-02-15T12:00:00Z', 1],
    ['2026-04-30T12:00:00Z', 1],
    ['2026-05-01T02:59:59Z', 1], // 30 April, 23:59:59 in São Paulo
    ['2026-05-01T03:00:00Z', 2],
    ['2026-06-30T12:00:00Z', 2],
    ['2026-08-31T12:00:00Z', 2],
    ['2026-09-01T02:59:59Z', 2], // 31 August in São Paulo
    ['2026-09-01T03:00:00Z', 3],
    ['2026-11-20T12:00:00Z', 3],
    ['2025-12-31T12:00:00Z', 3],
  ];

  it('stores Jan-Apr as 1, May-Aug as 2 and Sep-Dec as 3, by the date in São Paulo', async () => {
    const migrator = scratch.orm.getMigrator();
    await migrator.up({ to: BEFORE });
    expect((await migrator.getPendingMigrations()).map((m) => m.name)[0]).toBe(SCHOOL_YEAR);
    const { rows: columns } = await scratch.db.query(`select 1 from information_schema.columns where table_name = 'planos_aula' and column_name = 'trimestre'`);
    expect(columns).toHaveLength(0);

    const userId = randomUUID();
    const turmaId = randomUUID();
    await scratch.db.query(`insert into users (id, email, password) values ($1, 'prof@escola.rs.gov.br', 'not-a-real-hash')`, [userId]);
    await scratch.db.query(`insert into turmas (id, nome_professor, numero, escola, ano, user_id) values ($1, 'Ana', '51', 'Escola A', '5', $2)`, [turmaId, userId]);
    const ids = new Map<string, number>();
    for (const [createdAt, trimestre] of plans) {
      const id = randomUUID();
      ids.set(id, trimestre);
      await scratch.db.query(
        `insert into planos_aula (id, tema_principal, materia_geral, turma_id, user_id, generation_state, created_at, updated_at)
         values ($1, $2, 'matematica', $3, $4, 'done', $5, $5)`,
        [id, `Plano de ${createdAt}`, turmaId, userId, createdAt],
      );
    }

    await migrator.up({ to: SCHOOL_YEAR });
    const { rows } = await scratch.db.query<{ id: string; tema_principal: string; trimestre: number }>('select id, tema_principal, trimestre from planos_aula');
    expect(rows).toHaveLength(plans.length);
    expect(Object.fromEntries(rows.map((r) => [r.tema_principal, r.trimestre]))).toEqual(
      Object.fromEntries(plans.map(([createdAt, trimestre]) => [`Plano de ${createdAt}`, trimestre])),
    );

    // The migrations after it apply on top, and the backfilled values stay, except that Migration20261207300000
    // places the derived plans of 2026 in the trimestres inferred from Portaria 705/2025 (ends 22/05, 04/09, 18/12):
    // every plan here counts as derived (its trimestre is the one its month gave). The period follows the trimestre.
    await migrator.up();
    expect(await migrator.getPendingMigrations()).toEqual([]);
    const { rows: after } = await scratch.db.query<{ id: string; trimestre: number; periodo: number; ano: number; dia: string }>(
      `select id, trimestre, periodo, ano, to_char((created_at at time zone 'America/Sao_Paulo')::date, 'YYYY-MM-DD') as dia from planos_aula`,
    );
    const rs2026 = (dia: string) => (dia <= '2026-05-22' ? 1 : dia <= '2026-09-04' ? 2 : 3);
    for (const row of after) {
      expect(row.trimestre).toBe(row.ano === 2026 ? rs2026(row.dia) : ids.get(row.id));
      expect(row.periodo).toBe(row.trimestre);
      expect(row.ano).toBe(Number(row.dia.slice(0, 4)));
    }
  });

  it('a plan stored after it gets 1 unless told otherwise, and only 1 to 3', async () => {
    const { rows } = await scratch.db.query<{ user_id: string; turma_id: string }>('select user_id, turma_id from planos_aula limit 1');
    const insert = (trimestre?: number) =>
      scratch.db.query<{ trimestre: number }>(
        `insert into planos_aula (id, tema_principal, materia_geral, turma_id, user_id${trimestre === undefined ? '' : ', trimestre'})
         values ($1, 'Novo', 'matematica', $2, $3${trimestre === undefined ? '' : ', $4'}) returning trimestre`,
        [randomUUID(), rows[0].turma_id, rows[0].user_id, ...(trimestre === undefined ? [] : [trimestre])],
      );
    expect((await insert()).rows[0].trimestre).toBe(1);
    expect((await insert(3)).rows[0].trimestre).toBe(3);
    await expect(insert(4)).rejects.toThrow(/planos_aula_trimestre_check/);
    await expect(insert(0)).rejects.toThrow(/planos_aula_trimestre_check/);
  });
});
