import type { Plano } from '@planejador/contracts';
import { Repository } from '../database';

/** A named (prepared) statement as pg's pool.query takes it. */
interface Statement {
  name: string;
  text: string;
  values: unknown[];
}

/** Which of the list's optional conditions a statement carries. */
export interface PlanosListFilters {
  turma?: string;
  status?: string;
  trimestre?: number;
  /** The plan's period (any kind) and its year (`ano`). */
  periodo?: number;
  anoLetivo?: number;
  after?: { createdAt: string; id: string } | null;
}

/** One plan of a page, as the page's statement reads it. */
export interface PlanoListRow {
  id: string; temaPrincipal: string; materiaGeral: string; createdAt: Date; updatedAt: Date; status: string;
  turmaId: string; numero: string; escola: string; ano: string; generationState: Plano['generation']['state'];
  generationError: string | null; creditRefunded: boolean; generator: string | null; trimestre: number | null;
  periodo: number; anoPlano: number; periodoTipo: string;
  /** The creation time as the keyset cursor carries it (PostgreSQL's microseconds, in UTC). */
  cursorAt: string;
  total: number;
  /** 'numero state id materia' of each lesson, all joined by spaces; null for a plan without lessons. */
  aulas: string | null;
}

/**
 * The list's statements, written for the filters actually given (one prepared statement per combination): a
 * generic '$2 is null or ...' form made PostgreSQL read every plan's row to count them instead of the index.
 */
function statementParts(userId: string, filters: PlanosListFilters) {
  const values: unknown[] = [userId];
  const param = (value: unknown, type: string) => `$${values.push(value)}::${type}`;
  const turma = filters.turma === undefined ? null : param(filters.turma, 'text');
  const status = filters.status === undefined ? null : param(filters.status, 'text');
  const trimestre = filters.trimestre === undefined ? null : param(filters.trimestre, 'int');
  const periodo = filters.periodo === undefined ? null : param(filters.periodo, 'int');
  const anoLetivo = filters.anoLetivo === undefined ? null : param(filters.anoLetivo, 'int');
  const name = `${turma ? 't' : ''}${status ? 's' : ''}${trimestre ? 'r' : ''}${periodo ? 'p' : ''}${anoLetivo ? 'a' : ''}`;
  /** The plan's own conditions, on alias `x`. */
  const own = (x: string) =>
    (status ? ` and ${x}.status = ${status}` : '') +
    (trimestre ? ` and ${x}.trimestre = ${trimestre}` : '') +
    (periodo ? ` and ${x}.periodo = ${periodo}` : '') +
    (anoLetivo ? ` and ${x}.ano = ${anoLetivo}` : '');
  const count =
    `select count(*)::int as total from planos_aula c where c.user_id = $1` +
    (turma ? ` and c.turma_id in (select t2.id from turmas t2 where t2.user_id = $1 and t2.numero = ${turma})` : '') +
    own('c');
  return { values, param, turma, own, name, count };
}

/** How many of the user's plans match the filters (the total of a page past the last plan). */
export function planosCountStatement(userId: string, filters: PlanosListFilters): Statement {
  const { values, name, count } = statementParts(userId, filters);
  return { name: `planos-count-${name}`, text: count, values };
}

/**
 * One page of the plan list: `limit` rows newest first (the caller asks for one more than it shows, which tells
 * whether another page follows), each with the filters' total and its lessons' summaries. The page walks the
 * (user_id, created_at, id) index backwards and stops after `limit` rows; the total is one uncorrelated subquery,
 * evaluated once. Exported for the benchmark, which times it alone.
 */
export function planosPageStatement(userId: string, filters: PlanosListFilters, limit: number): Statement {
  const { values, param, turma, own, name, count } = statementParts(userId, filters);
  const after = filters.after ? `(${param(filters.after.createdAt, 'timestamptz')}, ${param(filters.after.id, 'uuid')})` : null;
  const text = `select p.id, p.tema_principal as "temaPrincipal", p.materia_geral as "materiaGeral", p.created_at as "createdAt",
        p.updated_at as "updatedAt", p.status, p.turma_id as "turmaId", t.numero, t.escola, t.ano,
        p.generation_state as "generationState", p.generation_error as "generationError", p.credit_refunded as "creditRefunded",
        p.generator, p.trimestre, p.periodo, p.ano as "anoPlano", p.periodo_tipo as "periodoTipo", to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as "cursorAt",
        (${count}) as total,
        (select string_agg(a.numero_aula || ' ' || a.generation_state || ' ' || a.id || ' ' || a.materia, ' ' order by a.numero_aula)
           from aulas a where a.plano_id = p.id) as aulas
   from planos_aula p join turmas t on t.id = p.turma_id
  where p.user_id = $1${turma ? ` and t.numero = ${turma}` : ''}${own('p')}${
    after ? ` and (p.created_at, p.id) < ${after}` : ''
  }
  order by p.created_at desc, p.id desc
  limit ${param(limit, 'int')}`;
  return { name: `planos-page-${name}${after ? 'c' : ''}`, text, values };
}

/** Its queries, each one method, on the process's Database (injected by class in the api and the worker). */
export class PlanosListRepository extends Repository {
  /** One page of the user's plans (prepared statements on the pool: the list is read on every visit to the history). */
  async listPlanosPage(userId: string, filters: PlanosListFilters, limit: number): Promise<PlanoListRow[]> {
    const { rows } = await this.pool.query<PlanoListRow>(planosPageStatement(userId, filters, limit));
    return rows;
  }

  /** The total of the user's plans that match the filters. */
  async countPlanos(userId: string, filters: PlanosListFilters): Promise<number> {
    const { rows } = await this.pool.query<{ total: number }>(planosCountStatement(userId, filters));
    return rows[0]?.total ?? 0;
  }
}
