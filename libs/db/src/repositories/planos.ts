import { LockMode, QueryOrder, type Dictionary } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Barreira, GenerationState, LessonGenerationState } from '@planejador/contracts';
import { Aula, AulaVersaoRecord, PlanoAula, Turma } from '../entities';
import { insertVersion } from './lesson-content';
import { Repository, type Args } from '../database';

/** What a new plan stores besides its lessons. */
export type NewPlano = Pick<
  PlanoAula,
  | 'temaPrincipal'
  | 'trimestre'
  | 'dataInicio'
  | 'dataFim'
  | 'duracaoAulaMin'
  | 'materiaGeral'
  | 'limitOneSkill'
  | 'preferirSeduc'
  | 'nivelDetalhamento'
  | 'idempotencyKey'
> & {
  turmaId: string;
  userId: string;
  /** The teacher chose the trimestre (else it follows the calendar); default false. */
  trimestreEscolhido?: boolean;
  /** The server built the title (it follows the lessons' titles); default false. */
  temaAutomatico?: boolean;
};

/**
 * Stores a plan queued for generation and its lessons, numbered from 1 in this order; returns the plan's id. A
 * second plan of the user with the same idempotency key is refused by PostgreSQL (unique index, code '23505').
 */
export async function insertPlanoWithAulas(
  tx: EntityManager,
  data: NewPlano,
  aulas: readonly { materia: string; prompt: string; habilidadesFixadas: string[] }[],
): Promise<string> {
  const { turmaId, userId, ...fields } = data;
  const plano = tx.create(PlanoAula, { ...fields, turma: turmaId, user: userId, generationState: 'queued' });
  aulas.forEach((a, index) => {
    tx.create(Aula, { plano, numeroAula: index + 1, materia: a.materia, prompt: a.prompt, habilidadesFixadas: a.habilidadesFixadas });
  });
  await tx.flush();
  return plano.id;
}

/** The id of the user's plan made with this idempotency key, or null. */
export async function findPlanoIdByIdempotencyKey(em: EntityManager, userId: string, key: string): Promise<string | null> {
  const found = await em.findOne(PlanoAula, { user: userId, idempotencyKey: key }, { fields: ['id'] });
  return found?.id ?? null;
}

/** The plan's generation job was queued now. */
export async function markPlanEnqueued(em: EntityManager, planId: string): Promise<void> {
  await em.nativeUpdate(PlanoAula, { id: planId }, { enqueuedAt: new Date() });
}

/**
 * The plan with its lessons and its class, or null; with `userId`, only the user's plan (another user's plan
 * answers like a missing one).
 */
export async function findPlanoWithAulas(em: EntityManager, planId: string, userId?: string): Promise<PlanoAula | null> {
  const where = userId === undefined ? { id: planId } : { id: planId, user: userId };
  return em.findOne(PlanoAula, where, { populate: ['aulas', 'turma'] });
}

/**
 * The trimestre hand-in's plans: the user's finished plans of the class in that trimestre (deleted plans are gone),
 * with their lessons and class, by date (start date, plans without one last, then creation); with `materia`, only
 * the plans of that general subject (a hand-in by subject).
 */
export async function findTrimestrePlanos(em: EntityManager, userId: string, turmaId: string, trimestre: number, materia?: string): Promise<PlanoAula[]> {
  return em.find(
    PlanoAula,
    { user: userId, turma: turmaId, trimestre, generationState: 'done', ...(materia ? { materiaGeral: materia } : {}) },
    { populate: ['aulas', 'turma'], orderBy: [{ dataInicio: QueryOrder.ASC_NULLS_LAST }, { createdAt: QueryOrder.ASC }, { id: QueryOrder.ASC }] },
  );
}

/** How many finished plans of the user's class are in that trimestre (what findTrimestrePlanos would give). */
export async function countTrimestrePlanos(em: EntityManager, userId: string, turmaId: string, trimestre: number, materia?: string): Promise<number> {
  return em.count(PlanoAula, { user: userId, turma: turmaId, trimestre, generationState: 'done', ...(materia ? { materiaGeral: materia } : {}) });
}

/**
 * The user's plan with its lessons and class, the plan and its lessons locked (for update) until the transaction
 * ends, so what is read of each lesson (its versao, its state) stays true until the caller writes; null if none.
 * The lessons are locked first, in id order, then the plan: the order of every other writer (a lesson, then its
 * plan, as a restore or an AI call's budget do), so two of them never wait on each other.
 */
export async function lockPlanoWithAulas(tx: EntityManager, userId: string, planId: string): Promise<PlanoAula | null> {
  await tx.execute(
    `select a.id from aulas a join planos_aula p on p.id = a.plano_id
      where a.plano_id = ? and p.user_id = ? order by a.id for update of a`,
    [planId, userId],
  );
  return tx.findOne(PlanoAula, { id: planId, user: userId }, { populate: ['aulas', 'turma'], lockMode: LockMode.PESSIMISTIC_WRITE });
}

/**
 * Writes the changes made to a plan and its lessons read on this transaction (lockPlanoWithAulas), and keeps each
 * lesson of `edited` as a new version (origin: edicao) at its `versao`, which the caller has raised.
 */
export async function savePlanoEdits(tx: EntityManager, edited: readonly Aula[]): Promise<void> {
  await tx.flush();
  for (const aula of edited) await insertVersion(tx, aula.id, aula.versao, 'edicao');
}

/** Deletes the user's plan (its lessons and versions go with it); false when the user has no such plan. */
export async function deletePlano(em: EntityManager, userId: string, planId: string): Promise<boolean> {
  return (await em.nativeDelete(PlanoAula, { id: planId, user: userId })) > 0;
}

/** What an export needs to know of the user's plan (its version and whether it is generated), or null. */
export async function findPlanoExportState(
  em: EntityManager,
  userId: string,
  planId: string,
): Promise<{ updatedAt: Date; generationState: GenerationState } | null> {
  const plano = await em.findOne(PlanoAula, { id: planId, user: userId }, { fields: ['id', 'updatedAt', 'generationState'] });
  return plano ? { updatedAt: plano.updatedAt, generationState: plano.generationState } : null;
}

/** One page of a lesson's versions, newest first, and the `antes` of the next (older) page when one remains. */
export interface LessonVersionsPage {
  versions: AulaVersaoRecord[];
  nextAntes: number | null;
}

/**
 * The lesson's newest `limite` versions, or the newest of those older than version `antes`; null unless the lesson
 * is in that plan of the user.
 */
export async function listLessonVersions(
  em: EntityManager,
  userId: string,
  planId: string,
  aulaId: string,
  page: { limite: number; antes?: number },
): Promise<LessonVersionsPage | null> {
  const aula = await em.findOne(Aula, { id: aulaId, plano: { id: planId, user: userId } }, { fields: ['id'] });
  if (!aula) return null;
  // One more than the page: whether an older page remains.
  const rows = await em.find(
    AulaVersaoRecord,
    { aula: aulaId, ...(page.antes !== undefined ? { versao: { $lt: page.antes } } : {}) },
    { orderBy: { versao: 'desc' }, limit: page.limite + 1 },
  );
  const versions = rows.slice(0, page.limite);
  return { versions, nextAntes: rows.length > page.limite ? versions[versions.length - 1].versao : null };
}

/** Version `versao` of the lesson, or null when it has none. */
export async function findLessonVersion(em: EntityManager, aulaId: string, versao: number): Promise<AulaVersaoRecord | null> {
  return em.findOne(AulaVersaoRecord, { aula: aulaId, versao });
}

/** The lesson (it must exist: a missing one throws). */
export async function getAula(em: EntityManager, aulaId: string): Promise<Aula> {
  return em.findOneOrFail(Aula, { id: aulaId });
}

/** The plan's generation starts (or goes on): running, unless it already ended. */
export async function markPlanRunning(em: EntityManager, planId: string): Promise<boolean> {
  return (await em.nativeUpdate(PlanoAula, { id: planId, generationState: { $in: ['queued', 'running'] } }, { generationState: 'running' })) > 0;
}

/** The lesson's generation starts: running, unless it is done. */
export async function markLessonRunning(em: EntityManager, aulaId: string): Promise<void> {
  await em.nativeUpdate(Aula, { id: aulaId, generationState: { $ne: 'done' } }, { generationState: 'running', generationError: null });
}

/** The plan's first lesson not yet done (by its number) starts: running; its id, or null when every lesson is done. */
export async function markFirstPendingLessonRunning(em: EntityManager, planId: string): Promise<string | null> {
  const rows = await em.execute<{ id: string }[]>(
    `update aulas set generation_state = 'running', generation_error = null
      where id = (select id from aulas where plano_id = ? and generation_state <> 'done' order by numero_aula limit 1)
      returning id`,
    [planId],
  );
  return rows[0]?.id ?? null;
}

/** The lesson's generation failed with this message, unless the lesson is done. */
export async function markLessonFailed(em: EntityManager, aulaId: string, message: string): Promise<void> {
  await em.nativeUpdate(Aula, { id: aulaId, generationState: { $ne: 'done' } }, { generationState: 'failed', generationError: message });
}

/**
 * Ends a running plan's generation as done (reviewed status 'gerado'), by `generator`; false when it was not running.
 * `automaticTitle`: the title built from the lessons' titles, taken only while the server still names the plan
 * (tema_automatico: the teacher gave no title and has not renamed it).
 */
export async function markPlanDone(em: EntityManager, planId: string, generator: string, automaticTitle: string | null = null): Promise<boolean> {
  const rows = await em.execute<{ id: string }[]>(
    `update planos_aula
        set generation_state = 'done', status = 'gerado', generator = ?, finished_at = now(), generation_error = null,
            tema_principal = case when tema_automatico and ?::text is not null then ?::text else tema_principal end,
            updated_at = now()
      where id = ? and generation_state = 'running'
      returning id`,
    [generator, automaticTitle, automaticTitle, planId],
  );
  return rows.length > 0;
}

/**
 * The lesson of that plan with its plan and class (what a regeneration writes from), or null: the lesson's
 * `plano` and the plan's `turma` are loaded, as `populate: ['plano', 'plano.turma']` loads them. One statement whose
 * three rows are mapped as the ORM maps any read (em.map): the ORM's own joined find of the same took several ms
 * of CPU per call in a worker, before the regeneration's AI call.
 */
export async function findAulaWithPlano(em: EntityManager, planId: string, aulaId: string): Promise<Aula | null> {
  const [row] = await em.execute<{ aula: Dictionary; plano: Dictionary; turma: Dictionary }[]>(
    `select to_jsonb(a) as aula, to_jsonb(p) as plano, to_jsonb(t) as turma
       from aulas a join planos_aula p on p.id = a.plano_id join turmas t on t.id = p.turma_id
      where a.id = ? and a.plano_id = ?`,
    [aulaId, planId],
  );
  if (!row) return null;
  // The class, then the plan, then the lesson: each one's reference to the one before is that loaded entity.
  em.map(Turma, row.turma);
  em.map(PlanoAula, row.plano);
  return em.map(Aula, row.aula);
}

/** A plan's lessons in order, number and description only: the sequence one lesson's generation is told about. */
export async function findLessonSequence(em: EntityManager, planId: string): Promise<{ numeroAula: number; prompt: string }[]> {
  const rows = await em.execute<{ numero_aula: number; prompt: string }[]>(
    'select numero_aula, prompt from aulas where plano_id = ? order by numero_aula',
    [planId],
  );
  return rows.map((r) => ({ numeroAula: Number(r.numero_aula), prompt: r.prompt }));
}

/** A lesson with what its control needs from its plan and class. */
export interface LockedLesson {
  id: string;
  planoId: string;
  materia: string;
  generationState: LessonGenerationState;
  regeneracoes: number;
  /** The plan's generation state. */
  planState: GenerationState;
  ano: string;
  /** The class's barreiras (a DUA regeneration or an adaptation needs them). */
  barreiras: Barreira[];
  etapa: string;
}

/**
 * The lesson, locked (for update) until the transaction ends, with its plan's state and its class's year and stage; null
 * when there is no such lesson in that plan of that user.
 */
export async function lockLesson(tx: EntityManager, userId: string, planId: string, aulaId: string): Promise<LockedLesson | null> {
  const [lesson] = await tx.execute<LockedLesson[]>(
    `select a.id, a.plano_id as "planoId", a.materia, a.generation_state as "generationState", a.regeneracoes,
            p.generation_state as "planState", t.ano, t.barreiras, t.etapa
       from aulas a join planos_aula p on p.id = a.plano_id join turmas t on t.id = p.turma_id
      where a.id = ? and a.plano_id = ? and p.user_id = ?
      for update of a`,
    [aulaId, planId, userId],
  );
  return lesson ?? null;
}

export interface LessonRegeneration {
  /** The lesson's state before (restored if the regeneration fails). */
  previousState: LessonGenerationState;
  charged: boolean;
  jobId: string;
  /** The job's payload, kept so the sweeper can queue it again. */
  request: unknown;
  /** Pinned skills for this and later generations; null keeps the lesson's. */
  habilidadesFixadas: readonly string[] | null;
}

/**
 * Marks the lesson queued for regeneration by this job, keeping the request and what to restore on failure, and
 * counts one more regeneration (a failed lesson's too). Its AI calls are not reset: each regeneration adds a
 * lesson's worth to the budget (see takeRegenerationAiCall).
 */
export async function queueLessonRegeneration(tx: EntityManager, aulaId: string, r: LessonRegeneration): Promise<void> {
  await tx.execute(
    `update aulas set generation_state = 'queued', generation_error = null, regeneration_previous_state = ?,
            regeneration_charged = ?, regeneration_job_id = ?, regeneration_request = ?::jsonb,
            regeneracoes = regeneracoes + 1,
            habilidades_fixadas = coalesce(?::jsonb, habilidades_fixadas), updated_at = now()
      where id = ?`,
    [r.previousState, r.charged, r.jobId, JSON.stringify(r.request), r.habilidadesFixadas ? JSON.stringify(r.habilidadesFixadas) : null, aulaId],
  );
}

/** Whether a user's regeneration may be queued, or which per-user bound refuses it. */
export type RegenerationAdmission = 'admitted' | 'in-flight' | 'per-hour';

/**
 * Admits one regeneration of `aulaId` for the user, within the per-user bounds: at most `inFlightMax` of their
 * lessons queued or running for a regeneration, and at most `perHour` asked for in the last hour (kept in
 * regeneration_requests, where this one is recorded when admitted). The user's row is locked first, in its own
 * statement, so concurrent requests (any api process) count one after the other and see each other's rows. Call it
 * in the transaction that then queues the regeneration.
 */
export async function admitRegeneration(
  tx: EntityManager,
  userId: string,
  aulaId: string,
  bounds: { inFlightMax: number; perHour: number },
): Promise<RegenerationAdmission> {
  await tx.execute(`select id from users where id = ? for update`, [userId]);
  const [counts] = await tx.execute<{ in_flight: number; last_hour: number }[]>(
    `select (select count(*)::int from aulas a join planos_aula p on p.id = a.plano_id
              where p.user_id = ? and a.regeneration_job_id is not null and a.generation_state in ('queued', 'running')) as in_flight,
            (select count(*)::int from regeneration_requests
              where user_id = ? and created_at > now() - interval '1 hour') as last_hour`,
    [userId, userId],
  );
  if (counts.in_flight >= bounds.inFlightMax) return 'in-flight';
  if (counts.last_hour >= bounds.perHour) return 'per-hour';
  await tx.execute(
    `with old as (delete from regeneration_requests where user_id = ? and created_at <= now() - interval '1 hour')
     insert into regeneration_requests (user_id, aula_id) values (?, ?)`,
    [userId, userId, aulaId],
  );
  return 'admitted';
}

/**
 * Makes version `versao` of the lesson its content again (warnings cleared, generation done), as the next
 * version number. Returns that number, or null when the lesson has no such version. The caller keeps the new
 * version (insertVersion) in the same transaction.
 */
export async function restoreLessonVersion(tx: EntityManager, aulaId: string, versao: number): Promise<number | null> {
  const rows = await tx.execute<{ versao: number }[]>(
    `update aulas a set habilidades = v.habilidades, objetivos = v.objetivos, objetos_conhecimento = v.objetos_conhecimento,
            experiencias = v.experiencias, evidencias = v.evidencias, habilidade_codes = v.habilidade_codes,
            titulo = coalesce(v.titulo, a.titulo), verificacao = coalesce(v.verificacao, a.verificacao), dua = coalesce(v.dua, a.dua), nota = v.nota,
            avisos = '[]'::jsonb, versao = a.versao + 1, generation_state = 'done', generation_error = null, updated_at = now()
       from aula_versoes v
      where a.id = ? and v.aula_id = a.id and v.versao = ?
      returning a.versao`,
    [aulaId, versao],
  );
  return rows[0]?.versao ?? null;
}

/** The plan's status becomes 'editado' (once: an edited plan is left as it is). */
export async function markPlanEdited(tx: EntityManager, planId: string): Promise<void> {
  await tx.execute(`update planos_aula set status = 'editado', updated_at = now() where id = ? and status <> 'editado'`, [planId]);
}

/** A plan the sweeper looks at: its owner (for the queue's fairness) and its state. */
export interface StalePlan {
  id: string;
  userId: string;
  generationState: GenerationState;
}

/**
 * Plans still queued or running and untouched for `graceSeconds`, oldest first, at most 500: the sweeper looks at
 * their jobs.
 */
export async function findStalePlans(em: EntityManager, graceSeconds: number): Promise<StalePlan[]> {
  const rows = await em.execute<{ id: string; user_id: string; generation_state: GenerationState }[]>(
    `select id, user_id, generation_state from planos_aula
      where generation_state in ('queued', 'running') and updated_at < now() - make_interval(secs => ?)
      order by created_at limit 500`,
    [graceSeconds],
  );
  return rows.map((r) => ({ id: r.id, userId: r.user_id, generationState: r.generation_state }));
}

/** The plan was queued again now. */
export async function markPlanRequeued(em: EntityManager, planId: string): Promise<void> {
  await em.execute(`update planos_aula set enqueued_at = now(), updated_at = now() where id = ?`, [planId]);
}

export interface StaleRegeneration {
  id: string;
  planoId: string;
  numeroAula: number;
  userId: string;
  regenerationJobId: string;
  /** The job's payload as the api stored it (the sweeper queues it again from this). */
  regenerationRequest: unknown;
}

/**
 * Lesson regenerations still queued or running and untouched for `graceSeconds`, at most 500: the sweeper looks at
 * their jobs.
 */
export async function findStaleRegenerations(em: EntityManager, graceSeconds: number): Promise<StaleRegeneration[]> {
  const rows = await em.execute<{ id: string; plano_id: string; numero_aula: number; user_id: string; regeneration_job_id: string; regeneration_request: unknown }[]>(
    `select a.id, a.plano_id, a.numero_aula, p.user_id, a.regeneration_job_id, a.regeneration_request
       from aulas a join planos_aula p on p.id = a.plano_id
      where a.generation_state in ('queued', 'running') and a.regeneration_job_id is not null
        and a.updated_at < now() - make_interval(secs => ?)
      limit 500`,
    [graceSeconds],
  );
  return rows.map((r) => ({
    id: r.id,
    planoId: r.plano_id,
    numeroAula: Number(r.numero_aula),
    userId: r.user_id,
    regenerationJobId: r.regeneration_job_id,
    regenerationRequest: typeof r.regeneration_request === 'string' ? JSON.parse(r.regeneration_request) : r.regeneration_request,
  }));
}

/** The lesson was looked at now (its grace period starts again). */
export async function touchLesson(em: EntityManager, aulaId: string): Promise<void> {
  await em.execute(`update aulas set updated_at = now() where id = ?`, [aulaId]);
}

/**
 * Ends a plan as failed, marking its credit as refunded, unless it is done or already refunded (the condition makes
 * it happen once). Returns the owner and the plan's lesson counts, or null when nothing changed.
 */
export async function markPlanFailedForRefund(
  tx: EntityManager,
  planId: string,
  reason: string,
): Promise<{ userId: string; done: number; total: number } | null> {
  // The failure is recorded with the refund, once (generation_requests: the user's bound on failed generations).
  const rows = await tx.execute<{ user_id: string }[]>(
    `with failed as (
       update planos_aula
          set generation_state = 'failed', generation_error = ?, credit_refunded = true,
              finished_at = now(), updated_at = now()
        where id = ? and credit_refunded = false and generation_state <> 'done'
        returning user_id
     ), noted as (insert into generation_requests (user_id, kind) select user_id, 'falha' from failed)
     select user_id from failed`,
    [reason, planId],
  );
  if (!rows.length) return null;
  const [counts] = await tx.execute<{ done: string; total: string }[]>(
    `select count(*) filter (where generation_state = 'done') as done, count(*) as total from aulas where plano_id = ?`,
    [planId],
  );
  return { userId: rows[0].user_id, done: Number(counts.done), total: Number(counts.total) };
}

/** The lesson's pending regeneration of job `jobId`, locked: whether it was charged and the state it left. */
export async function lockPendingRegeneration(
  tx: EntityManager,
  aulaId: string,
  jobId: string,
): Promise<{ charged: boolean; previousState: LessonGenerationState | null } | null> {
  const [row] = await tx.execute<{ regeneration_charged: boolean; regeneration_previous_state: LessonGenerationState | null }[]>(
    `select "regeneration_charged", "regeneration_previous_state" from "aulas"
      where "id" = ? and "regeneration_job_id" = ? and "generation_state" in ('queued', 'running') for update`,
    [aulaId, jobId],
  );
  return row ? { charged: row.regeneration_charged, previousState: row.regeneration_previous_state } : null;
}

/** Ends a lesson's regeneration in `state` with `message`, clearing what the regeneration had set. */
export async function endRegeneration(tx: EntityManager, aulaId: string, state: LessonGenerationState, message: string): Promise<void> {
  await tx.execute(
    `update "aulas" set "generation_state" = ?, "generation_error" = ?, "regeneration_charged" = false,
            "regeneration_previous_state" = null, "updated_at" = now()
      where "id" = ?`,
    [state, message, aulaId],
  );
}

/** The queries above, on the process's Database (injected in the api and the worker). */
export class PlanosRepository extends Repository {
  insertPlanoWithAulas(...a: Args<typeof insertPlanoWithAulas>): ReturnType<typeof insertPlanoWithAulas> {
    return insertPlanoWithAulas(this.em, ...a);
  }

  findPlanoIdByIdempotencyKey(...a: Args<typeof findPlanoIdByIdempotencyKey>): ReturnType<typeof findPlanoIdByIdempotencyKey> {
    return findPlanoIdByIdempotencyKey(this.em, ...a);
  }

  markPlanEnqueued(...a: Args<typeof markPlanEnqueued>): ReturnType<typeof markPlanEnqueued> {
    return markPlanEnqueued(this.em, ...a);
  }

  findPlanoWithAulas(...a: Args<typeof findPlanoWithAulas>): ReturnType<typeof findPlanoWithAulas> {
    return findPlanoWithAulas(this.em, ...a);
  }

  findTrimestrePlanos(...a: Args<typeof findTrimestrePlanos>): ReturnType<typeof findTrimestrePlanos> {
    return findTrimestrePlanos(this.em, ...a);
  }

  countTrimestrePlanos(...a: Args<typeof countTrimestrePlanos>): ReturnType<typeof countTrimestrePlanos> {
    return countTrimestrePlanos(this.em, ...a);
  }

  lockPlanoWithAulas(...a: Args<typeof lockPlanoWithAulas>): ReturnType<typeof lockPlanoWithAulas> {
    return lockPlanoWithAulas(this.em, ...a);
  }

  savePlanoEdits(...a: Args<typeof savePlanoEdits>): ReturnType<typeof savePlanoEdits> {
    return savePlanoEdits(this.em, ...a);
  }

  deletePlano(...a: Args<typeof deletePlano>): ReturnType<typeof deletePlano> {
    return deletePlano(this.em, ...a);
  }

  findPlanoExportState(...a: Args<typeof findPlanoExportState>): ReturnType<typeof findPlanoExportState> {
    return findPlanoExportState(this.em, ...a);
  }

  listLessonVersions(...a: Args<typeof listLessonVersions>): ReturnType<typeof listLessonVersions> {
    return listLessonVersions(this.em, ...a);
  }

  findLessonVersion(...a: Args<typeof findLessonVersion>): ReturnType<typeof findLessonVersion> {
    return findLessonVersion(this.em, ...a);
  }

  getAula(...a: Args<typeof getAula>): ReturnType<typeof getAula> {
    return getAula(this.em, ...a);
  }

  markPlanRunning(...a: Args<typeof markPlanRunning>): ReturnType<typeof markPlanRunning> {
    return markPlanRunning(this.em, ...a);
  }

  markLessonRunning(...a: Args<typeof markLessonRunning>): ReturnType<typeof markLessonRunning> {
    return markLessonRunning(this.em, ...a);
  }

  markFirstPendingLessonRunning(...a: Args<typeof markFirstPendingLessonRunning>): ReturnType<typeof markFirstPendingLessonRunning> {
    return markFirstPendingLessonRunning(this.em, ...a);
  }

  markLessonFailed(...a: Args<typeof markLessonFailed>): ReturnType<typeof markLessonFailed> {
    return markLessonFailed(this.em, ...a);
  }

  markPlanDone(...a: Args<typeof markPlanDone>): ReturnType<typeof markPlanDone> {
    return markPlanDone(this.em, ...a);
  }

  findAulaWithPlano(...a: Args<typeof findAulaWithPlano>): ReturnType<typeof findAulaWithPlano> {
    return findAulaWithPlano(this.em, ...a);
  }

  findLessonSequence(...a: Args<typeof findLessonSequence>): ReturnType<typeof findLessonSequence> {
    return findLessonSequence(this.em, ...a);
  }

  lockLesson(...a: Args<typeof lockLesson>): ReturnType<typeof lockLesson> {
    return lockLesson(this.em, ...a);
  }

  queueLessonRegeneration(...a: Args<typeof queueLessonRegeneration>): ReturnType<typeof queueLessonRegeneration> {
    return queueLessonRegeneration(this.em, ...a);
  }

  admitRegeneration(...a: Args<typeof admitRegeneration>): ReturnType<typeof admitRegeneration> {
    return admitRegeneration(this.em, ...a);
  }

  restoreLessonVersion(...a: Args<typeof restoreLessonVersion>): ReturnType<typeof restoreLessonVersion> {
    return restoreLessonVersion(this.em, ...a);
  }

  markPlanEdited(...a: Args<typeof markPlanEdited>): ReturnType<typeof markPlanEdited> {
    return markPlanEdited(this.em, ...a);
  }

  findStalePlans(...a: Args<typeof findStalePlans>): ReturnType<typeof findStalePlans> {
    return findStalePlans(this.em, ...a);
  }

  markPlanRequeued(...a: Args<typeof markPlanRequeued>): ReturnType<typeof markPlanRequeued> {
    return markPlanRequeued(this.em, ...a);
  }

  findStaleRegenerations(...a: Args<typeof findStaleRegenerations>): ReturnType<typeof findStaleRegenerations> {
    return findStaleRegenerations(this.em, ...a);
  }

  touchLesson(...a: Args<typeof touchLesson>): ReturnType<typeof touchLesson> {
    return touchLesson(this.em, ...a);
  }

  markPlanFailedForRefund(...a: Args<typeof markPlanFailedForRefund>): ReturnType<typeof markPlanFailedForRefund> {
    return markPlanFailedForRefund(this.em, ...a);
  }

  lockPendingRegeneration(...a: Args<typeof lockPendingRegeneration>): ReturnType<typeof lockPendingRegeneration> {
    return lockPendingRegeneration(this.em, ...a);
  }

  endRegeneration(...a: Args<typeof endRegeneration>): ReturnType<typeof endRegeneration> {
    return endRegeneration(this.em, ...a);
  }
}
