import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { BadRequestException, ConflictException, HttpException, HttpStatus, Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import {
  MSG,
  normalizeStatus,
  type GeneratePlanoData,
  type Plano,
  type PlanosListQueryData,
  type PlanosPage,
  type UpdatePlanoData,
} from '@planejador/contracts';
import { Aula, PlanoAula, toPlanoDto } from '@planejador/db';
import { JobProducer, jobIds } from '@planejador/queue';
import type { Settings } from '@planejador/config';
import type { Pool } from 'pg';
import { JOB_PRODUCER, PG_POOL, SETTINGS } from '../core/tokens';

@Injectable()
export class PlanosService {
  private readonly logger = new Logger(PlanosService.name);

  constructor(
    private readonly em: EntityManager,
    @Inject(JOB_PRODUCER) private readonly producer: JobProducer,
    @Inject(SETTINGS) private readonly settings: Settings,
    @Inject(PG_POOL) private readonly pool: Pool,
  ) {}

  /**
   * Takes one credit and stores the plan and its lessons in one transaction, then enqueues the job.
   * The credit update is conditional (credits >= 1), so concurrent requests never go below zero;
   * the (user, Idempotency-Key) unique index makes a repeated request return the same plan.
   */
  async generate(userId: string, data: GeneratePlanoData, idempotencyKey: string | null): Promise<{ id: string; created: boolean }> {
    if (idempotencyKey) {
      const existing = await this.findByIdempotencyKey(userId, idempotencyKey);
      if (existing) return { id: existing, created: false };
    }
    let planId: string;
    try {
      planId = await this.em.fork().transactional(async (tx) => {
        const turma = await tx.execute<{ id: string }[]>(`select id from turmas where id = ? and user_id = ?`, [data.turmaId, userId]);
        if (!turma.length) throw new NotFoundException({ message: MSG.turmaNotFound });
        const charged = await tx.execute<{ credits: number }[]>(
          `update users set credits = credits - 1, updated_at = now() where id = ? and credits >= 1 returning credits`,
          [userId],
        );
        if (!charged.length) {
          throw new HttpException({ message: MSG.insufficientCredits }, HttpStatus.PAYMENT_REQUIRED);
        }
        const plano = tx.create(PlanoAula, {
          temaPrincipal: data.temaPrincipal,
          materiaGeral: data.materiaGeral,
          turma: data.turmaId,
          user: userId,
          limitOneSkill: data.limitOneSkill,
          preferirSeduc: data.preferirSeduc,
          nivelDetalhamento: data.nivelDetalhamento,
          idempotencyKey,
          generationState: 'queued',
          queuePrefix: this.settings.QUEUE_PREFIX,
        });
        data.aulas.forEach((a, index) => {
          // The subject picked in Matéria Geral is every lesson's subject (spec, generation flow).
          tx.create(Aula, { plano, numeroAula: index + 1, materia: data.materiaGeral, prompt: a.prompt });
        });
        await tx.flush();
        return plano.id;
      });
    } catch (err) {
      if ((err as { code?: string }).code === '23505' && idempotencyKey) {
        const existing = await this.findByIdempotencyKey(userId, idempotencyKey);
        if (existing) return { id: existing, created: false };
      }
      throw err;
    }
    await this.enqueue(planId);
    return { id: planId, created: true };
  }

  /** Enqueues the generation; when Redis is down the plan stays 'queued' and the worker's sweeper picks it up. */
  async enqueue(planId: string): Promise<boolean> {
    try {
      await this.producer.enqueue('generate-plan', { planId }, jobIds.generatePlan(planId), {
        backoff: { type: 'exponential', delay: this.settings.GENERATION_RETRY_BASE_MS },
      });
      await this.em.fork().nativeUpdate(PlanoAula, { id: planId }, { enqueuedAt: new Date() });
      return true;
    } catch (err) {
      this.logger.warn({ planId, err: (err as Error).message }, 'plan not enqueued yet; the sweeper will retry');
      return false;
    }
  }

  private async findByIdempotencyKey(userId: string, key: string): Promise<string | null> {
    const found = await this.em.fork().findOne(PlanoAula, { user: userId, idempotencyKey: key }, { fields: ['id'] });
    return found?.id ?? null;
  }

  /**
   * One page of the user's plans, newest first (keyset on created_at, id: a page costs the same however many
   * plans come before it), with the total of plans that match the filters.
   */
  async list(userId: string, query: PlanosListQueryData): Promise<PlanosPage> {
    const after = query.cursor === undefined ? null : decodeCursor(query.cursor);
    if (query.cursor !== undefined && !after) throw new BadRequestException({ message: MSG.cursorInvalid });
    // Prepared statements on the pool: the list is read on every visit to the history and the dashboard.
    const filters: PageFilters = { turma: query.turma, status: query.status, after };
    const { rows } = await this.pool.query<{
      id: string; tema_principal: string; materia_geral: string; created_at: Date; updated_at: Date; status: string;
      turma_id: string; numero: string; escola: string; ano: string; generation_state: Plano['generation']['state'];
      generation_error: string | null; credit_refunded: boolean; generator: string | null; cursor_at: string; total: number;
      aulas: string | null;
    }>(planosPageStatement(userId, filters, query.limit + 1));
    // One row more than the page tells whether another page follows.
    const page = rows.slice(0, query.limit);
    const last = page[page.length - 1];
    const total = rows.length ? rows[0].total : after ? await this.count(userId, filters) : 0;
    return {
      total,
      nextCursor: rows.length > query.limit && last ? encodeCursor(last.cursor_at, last.id) : null,
      planos: page.map((r) => {
        const aulas = parseLessonSummaries(r.aulas);
        return {
          id: r.id,
          temaPrincipal: r.tema_principal,
          materiaGeral: r.materia_geral,
          createdAt: new Date(r.created_at).toISOString(),
          updatedAt: new Date(r.updated_at).toISOString(),
          status: normalizeStatus(r.status),
          turmaId: r.turma_id,
          turma: { id: r.turma_id, numero: r.numero, escola: r.escola, ano: r.ano },
          generation: {
            state: r.generation_state,
            done: aulas.filter((a) => a.state === 'done').length,
            total: aulas.length,
            error: r.generation_error,
            creditRefunded: r.credit_refunded,
          },
          generator: r.generator,
          aulas: aulas.map((a) => ({ id: a.id, numeroAula: a.numeroAula, materia: a.materia })),
        };
      }),
    };
  }

  /** The total for a page past the last plan (its rows cannot carry it). */
  private async count(userId: string, filters: PageFilters): Promise<number> {
    const { rows } = await this.pool.query<{ total: number }>(planosCountStatement(userId, filters));
    return rows[0]?.total ?? 0;
  }

  async get(userId: string, id: string): Promise<Plano> {
    const plano = await this.em.fork().findOne(PlanoAula, { id, user: userId }, { populate: ['aulas', 'turma'] });
    if (!plano) throw new NotFoundException({ message: MSG.planoNotFound });
    return toPlanoDto(plano);
  }

  /** Replaces the lesson texts in one transaction; refuses a plan that is still generating. */
  async update(userId: string, id: string, data: UpdatePlanoData): Promise<Plano> {
    const em = this.em.fork();
    await em.transactional(async (tx) => {
      const plano = await tx.findOne(PlanoAula, { id, user: userId }, { populate: ['aulas'], lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!plano) throw new NotFoundException({ message: MSG.planoNotFound });
      if (plano.generationState === 'queued' || plano.generationState === 'running') {
        throw new ConflictException({ message: MSG.planoGenerating });
      }
      const byId = new Map(plano.aulas.getItems().map((a) => [a.id, a]));
      for (const input of data.aulas) {
        const aula = byId.get(input.id);
        if (!aula) throw new NotFoundException({ message: 'Aula não encontrada neste plano' });
        aula.habilidades = input.habilidades;
        aula.objetivos = input.objetivos;
        aula.objetosConhecimento = input.objetosConhecimento;
        aula.experiencias = input.experiencias;
        aula.evidencias = input.evidencias;
      }
      plano.status = data.status;
      plano.updatedAt = new Date();
    });
    return this.get(userId, id);
  }

  async remove(userId: string, id: string): Promise<void> {
    const deleted = await this.em.fork().nativeDelete(PlanoAula, { id, user: userId });
    if (!deleted) throw new NotFoundException({ message: MSG.planoNotFound });
  }
}

/** A named (prepared) statement as pg's pool.query takes it. */
interface Statement {
  name: string;
  text: string;
  values: unknown[];
}

/** Which of the list's optional conditions a statement carries. */
interface PageFilters {
  turma?: string;
  status?: string;
  after?: { createdAt: string; id: string } | null;
}

/**
 * The list's statements, written for the filters actually given (one prepared statement per combination): a
 * generic '$2 is null or ...' form made PostgreSQL read every plan's row to count them instead of the index.
 */
function statementParts(userId: string, filters: PageFilters) {
  const values: unknown[] = [userId];
  const param = (value: unknown, type: string) => `$${values.push(value)}::${type}`;
  const turma = filters.turma === undefined ? null : param(filters.turma, 'text');
  const status = filters.status === undefined ? null : param(filters.status, 'text');
  const name = `${turma ? 't' : ''}${status ? 's' : ''}`;
  const count =
    `select count(*)::int as total from planos_aula c where c.user_id = $1` +
    (turma ? ` and c.turma_id in (select t2.id from turmas t2 where t2.user_id = $1 and t2.numero = ${turma})` : '') +
    (status ? ` and c.status = ${status}` : '');
  return { values, param, turma, status, name, count };
}

/** How many of the user's plans match the filters (the total of a page past the last plan). */
export function planosCountStatement(userId: string, filters: PageFilters): Statement {
  const { values, name, count } = statementParts(userId, filters);
  return { name: `planos-count-${name}`, text: count, values };
}

/**
 * One page of the plan list: `limit` rows newest first (the caller asks for one more than it shows, which tells
 * whether another page follows), each with the filters' total and its lessons' summaries. The page walks the
 * (user_id, created_at, id) index backwards and stops after `limit` rows; the total is one uncorrelated subquery,
 * evaluated once. Exported for the benchmark, which times it alone.
 */
export function planosPageStatement(userId: string, filters: PageFilters, limit: number): Statement {
  const { values, param, turma, status, name, count } = statementParts(userId, filters);
  const after = filters.after ? `(${param(filters.after.createdAt, 'timestamptz')}, ${param(filters.after.id, 'uuid')})` : null;
  const text = `select p.id, p.tema_principal, p.materia_geral, p.created_at, p.updated_at, p.status, p.turma_id,
        t.numero, t.escola, t.ano, p.generation_state, p.generation_error, p.credit_refunded, p.generator,
        to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as cursor_at,
        (${count}) as total,
        (select string_agg(a.numero_aula || ' ' || a.generation_state || ' ' || a.id || ' ' || a.materia, ' ' order by a.numero_aula)
           from aulas a where a.plano_id = p.id) as aulas
   from planos_aula p join turmas t on t.id = p.turma_id
  where p.user_id = $1${turma ? ` and t.numero = ${turma}` : ''}${status ? ` and p.status = ${status}` : ''}${
    after ? ` and (p.created_at, p.id) < ${after}` : ''
  }
  order by p.created_at desc, p.id desc
  limit ${param(limit, 'int')}`;
  return { name: `planos-page-${name}${after ? 'c' : ''}`, text, values };
}

interface LessonSummary {
  id: string;
  numeroAula: number;
  materia: string;
  state: string;
}

/**
 * The page's lesson summaries: 'numero state id materia' for each lesson, all joined by spaces (none of the four
 * contains one: a number, a state and a subject slug, a uuid), read from the (plano_id, numero_aula) index alone.
 * Plain text costs PostgreSQL a third of what json_agg of objects did.
 */
export function parseLessonSummaries(text: string | null): LessonSummary[] {
  if (!text) return [];
  const parts = text.split(' ');
  const lessons: LessonSummary[] = [];
  for (let i = 0; i + 3 < parts.length; i += 4) {
    lessons.push({ numeroAula: Number(parts[i]), state: parts[i + 1], id: parts[i + 2], materia: parts[i + 3] });
  }
  return lessons;
}

/**
 * The keyset cursor of the plan list: the last plan's creation time (PostgreSQL's microseconds, in UTC) and id,
 * base64url so it travels in a query string as it is. Opaque to clients.
 */
export function encodeCursor(createdAt: string, id: string): string {
  return Buffer.from(`${createdAt}|${id}`, 'utf8').toString('base64url');
}

const CURSOR_PATTERN = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)\|([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/** null for anything that is not a cursor this api made. */
export function decodeCursor(cursor: string): { createdAt: string; id: string } | null {
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) return null;
  const m = CURSOR_PATTERN.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!m) return null;
  // A date PostgreSQL would refuse (30 February, year 0) is no cursor of ours: it round-trips through Date.
  const ms = Date.parse(m[1]);
  if (!(ms >= 0) || new Date(ms).toISOString().slice(0, 19) !== m[1].slice(0, 19)) return null;
  return { createdAt: m[1], id: m[2] };
}
