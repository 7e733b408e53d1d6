import type { EntityManager } from '@mikro-orm/postgresql';
import type { Pool } from 'pg';
import type { Turma as TurmaDto } from '@planejador/contracts';

/**
 * The user's classes with their plan counts, newest first: one prepared statement straight on the pool, no entity
 * hydration (the list is read on almost every page).
 */
export async function listTurmas(pool: Pool, userId: string): Promise<TurmaDto[]> {
  const { rows } = await pool.query<{
    id: string; nome_professor: string; numero: string; escola: string; ano: string; estado: string; instituicao: string;
    observacoes_adicionais: string | null; user_id: string; created_at: Date; updated_at: Date; planos: number;
  }>({
    name: 'turmas-list',
    text: `select t.id, t.nome_professor, t.numero, t.escola, t.ano, t.estado, t.instituicao, t.observacoes_adicionais,
                  t.user_id, t.created_at, t.updated_at,
                  (select count(*)::int from planos_aula p where p.turma_id = t.id) as planos
             from turmas t where t.user_id = $1 order by t.created_at desc, t.id`,
    values: [userId],
  });
  return rows.map((t) => ({
    id: t.id,
    nomeProfessor: t.nome_professor,
    numero: t.numero,
    escola: t.escola,
    ano: t.ano,
    estado: t.estado,
    instituicao: t.instituicao,
    observacoesAdicionais: t.observacoes_adicionais,
    userId: t.user_id,
    createdAt: new Date(t.created_at).toISOString(),
    updatedAt: new Date(t.updated_at).toISOString(),
    _count: { planosAula: t.planos },
  }));
}

/** Serialises the changes to one user's classes until the transaction ends (a transaction-scoped advisory lock). */
export async function lockUserTurmas(tx: EntityManager, userId: string): Promise<void> {
  await tx.execute(`select pg_advisory_xact_lock(hashtextextended('turmas:' || ?, 0))`, [userId]);
}

/**
 * How many classes the user has, and how many of them have this (school, number): school compared without case
 * or surrounding spaces, number without surrounding spaces. `exceptId`: the class being edited, not counted as same.
 */
export async function countTurmas(
  tx: EntityManager,
  userId: string,
  data: { escola: string; numero: string },
  exceptId: string | null,
): Promise<{ total: number; same: number }> {
  const [row] = await tx.execute<{ total: number; same: number }[]>(
    `select count(*)::int as total,
            count(*) filter (where lower(btrim(escola)) = lower(btrim(?)) and btrim(numero) = btrim(?) and id is distinct from ?::uuid)::int as same
       from turmas where user_id = ?`,
    [data.escola, data.numero, exceptId, userId],
  );
  return { total: row.total, same: row.same };
}

/** How many plans each of these classes has (classes without plans are absent). */
export async function countPlanosByTurma(em: EntityManager, turmaIds: readonly string[]): Promise<Map<string, number>> {
  if (!turmaIds.length) return new Map();
  const rows = await em.execute<{ turma_id: string; count: number }[]>(
    `select turma_id, count(*)::int as count from planos_aula where turma_id in (${turmaIds.map(() => '?').join(',')}) group by turma_id`,
    [...turmaIds],
  );
  return new Map(rows.map((r) => [r.turma_id, Number(r.count)]));
}

/** The class's year, if the class is the user's (null otherwise: another user's class answers like a missing one). */
export async function findTurmaAno(em: EntityManager, userId: string, turmaId: string): Promise<string | null> {
  const [row] = await em.execute<{ ano: string }[]>(`select ano from turmas where id = ? and user_id = ?`, [turmaId, userId]);
  return row?.ano ?? null;
}

/** The class's year for its coverage, if the class is the user's (a prepared statement on the pool). */
export async function findTurmaAnoPrepared(pool: Pool, userId: string, turmaId: string): Promise<string | null> {
  const { rows } = await pool.query<{ ano: string }>({
    name: 'cobertura-turma',
    text: 'select ano from turmas where id = $1 and user_id = $2',
    values: [turmaId, userId],
  });
  return rows[0]?.ano ?? null;
}

/** A skill the class's finished plans cite: in which trimestres and by which plans. */
export interface CitedSkill {
  code: string;
  trimestres: number[];
  planos: { id: string; temaPrincipal: string; trimestre: number }[];
}

/**
 * The skills cited by the lessons of the class's plans whose generation is done (deleted plans are gone), one
 * row per skill code: one indexed query.
 */
export async function citedSkillsOfTurma(pool: Pool, userId: string, turmaId: string): Promise<CitedSkill[]> {
  const { rows } = await pool.query<CitedSkill>({
    name: 'cobertura-citacoes',
    text: `select c.code,
                  array_agg(distinct p.trimestre order by p.trimestre)::int[] as trimestres,
                  jsonb_agg(distinct jsonb_build_object('id', p.id, 'temaPrincipal', p.tema_principal, 'trimestre', p.trimestre)) as planos
             from planos_aula p
             join aulas a on a.plano_id = p.id
             cross join lateral jsonb_array_elements_text(a.habilidade_codes) as c(code)
            where p.turma_id = $1 and p.user_id = $2 and p.generation_state = 'done'
            group by c.code`,
    values: [turmaId, userId],
  });
  return rows;
}

/** Each of the user's classes (oldest first) with its year and the distinct skill codes its finished plans cite. */
export async function citedSkillsByTurma(pool: Pool, userId: string): Promise<{ id: string; ano: string; codes: string[] }[]> {
  const { rows } = await pool.query<{ id: string; ano: string; codes: string[] }>({
    name: 'cobertura-resumo',
    text: `select t.id, t.ano,
                  coalesce((select array_agg(distinct c.code)
                              from planos_aula p join aulas a on a.plano_id = p.id
                              cross join lateral jsonb_array_elements_text(a.habilidade_codes) as c(code)
                             where p.turma_id = t.id and p.generation_state = 'done'), '{}') as codes
             from turmas t where t.user_id = $1 order by t.created_at`,
    values: [userId],
  });
  return rows;
}
