import type { Dictionary } from '@mikro-orm/core';
import type { AulaVersao, Barreira, GenerationState, LessonGenerationState } from '@planejador/contracts';
import { Aula, AulaVersaoRecord, PlanoAula, Turma } from '../entities';
import { Repository } from '../database';
import { aulaRecord, planoRecord, turmaRecord, type AulaComPlano, type AulaRecord } from '../records';
import { toAulaVersaoDto } from '../serializers';

/** One page of a lesson's versions, newest first, and the `antes` of the next (older) page when one remains. */
export interface LessonVersionsPage {
  versions: AulaVersao[];
  nextAntes: number | null;
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

/** Whether a user's regeneration may be queued, or which per-user bound refuses it. */
export type RegenerationAdmission = 'admitted' | 'in-flight' | 'per-hour';

export interface StaleRegeneration {
  id: string;
  planoId: string;
  numeroAula: number;
  userId: string;
  regenerationJobId: string;
  /** The job's payload as the api stored it (the sweeper queues it again from this). */
  regenerationRequest: unknown;
}

/** A plan's lessons one at a time: their versions, their regenerations (admitted, queued, ended) and the sweeper's look at them. */
export class AulasRepository extends Repository {
  /**
   * The lesson's newest `limite` versions, or the newest of those older than version `antes`; null unless the lesson
   * is in that plan of the user.
   */
  async listLessonVersions(
    userId: string,
    planId: string,
    aulaId: string,
    page: { limite: number; antes?: number },
  ): Promise<LessonVersionsPage | null> {
    const em = this.em;
    const aula = await em.findOne(Aula, { id: aulaId, plano: { id: planId, user: userId } }, { fields: ['id'] });
    if (!aula) return null;
    // One more than the page: whether an older page remains.
    const rows = await em.find(
      AulaVersaoRecord,
      { aula: aulaId, ...(page.antes !== undefined ? { versao: { $lt: page.antes } } : {}) },
      { orderBy: { versao: 'desc' }, limit: page.limite + 1 },
    );
    const versions = rows.slice(0, page.limite);
    return { versions: versions.map(toAulaVersaoDto), nextAntes: rows.length > page.limite ? versions[versions.length - 1].versao : null };
  }

  /** Version `versao` of the lesson, or null when it has none. */
  async findLessonVersion(aulaId: string, versao: number): Promise<AulaVersao | null> {
    const version = await this.em.findOne(AulaVersaoRecord, { aula: aulaId, versao });
    return version && toAulaVersaoDto(version);
  }

  /** The lesson (it must exist: a missing one throws). */
  async getAula(aulaId: string): Promise<AulaRecord> {
    return aulaRecord(await this.em.findOneOrFail(Aula, { id: aulaId }));
  }

  /**
   * The lesson of that plan with its plan and class (what a regeneration writes from), or null. One statement whose
   * three rows are mapped as the ORM maps any read (em.map): the ORM's own joined find of the same took several ms
   * of CPU per call in a worker, before the regeneration's AI call.
   */
  async findAulaWithPlano(planId: string, aulaId: string): Promise<AulaComPlano | null> {
    const em = this.em;
    const [row] = await em.execute<{ aula: Dictionary; plano: Dictionary; turma: Dictionary }[]>(
      `select to_jsonb(a) as aula, to_jsonb(p) as plano, to_jsonb(t) as turma
         from aulas a join planos_aula p on p.id = a.plano_id join turmas t on t.id = p.turma_id
        where a.id = ? and a.plano_id = ?`,
      [aulaId, planId],
    );
    if (!row) return null;
    return { aula: aulaRecord(em.map(Aula, row.aula)), plano: planoRecord(em.map(PlanoAula, row.plano)), turma: turmaRecord(em.map(Turma, row.turma)) };
  }

  /** A plan's lessons in order, number and description only: the sequence one lesson's generation is told about. */
  async findLessonSequence(planId: string): Promise<{ numeroAula: number; prompt: string }[]> {
    const rows = await this.em.execute<{ numero_aula: number; prompt: string }[]>(
      'select numero_aula, prompt from aulas where plano_id = ? order by numero_aula',
      [planId],
    );
    return rows.map((r) => ({ numeroAula: Number(r.numero_aula), prompt: r.prompt }));
  }

  /**
   * The lesson, locked (for update) until the transaction ends, with its plan's state and its class's year and stage; null
   * when there is no such lesson in that plan of that user.
   */
  async lockLesson(userId: string, planId: string, aulaId: string): Promise<LockedLesson | null> {
    const [lesson] = await this.em.execute<LockedLesson[]>(
      `select a.id, a.plano_id as "planoId", a.materia, a.generation_state as "generationState", a.regeneracoes,
              p.generation_state as "planState", t.ano, t.barreiras, t.etapa
         from aulas a join planos_aula p on p.id = a.plano_id join turmas t on t.id = p.turma_id
        where a.id = ? and a.plano_id = ? and p.user_id = ?
        for update of a`,
      [aulaId, planId, userId],
    );
    return lesson ?? null;
  }

  /**
   * Marks the lesson queued for regeneration by this job, keeping the request and what to restore on failure, and
   * counts one more regeneration (a failed lesson's too). Its AI calls are not reset: each regeneration adds a
   * lesson's worth to the budget (see takeRegenerationAiCall).
   */
  async queueLessonRegeneration(aulaId: string, r: LessonRegeneration): Promise<void> {
    await this.em.execute(
      `update aulas set generation_state = 'queued', generation_error = null, regeneration_previous_state = ?,
              regeneration_charged = ?, regeneration_job_id = ?, regeneration_request = ?::jsonb,
              regeneracoes = regeneracoes + 1,
              habilidades_fixadas = coalesce(?::jsonb, habilidades_fixadas), updated_at = now()
        where id = ?`,
      [r.previousState, r.charged, r.jobId, JSON.stringify(r.request), r.habilidadesFixadas ? JSON.stringify(r.habilidadesFixadas) : null, aulaId],
    );
  }

  /**
   * Admits one regeneration of `aulaId` for the user, within the per-user bounds: at most `inFlightMax` of their
   * lessons queued or running for a regeneration, and at most `perHour` asked for in the last hour (kept in
   * regeneration_requests, where this one is recorded when admitted). The user's row is locked first, in its own
   * statement, so concurrent requests (any api process) count one after the other and see each other's rows. Call it
   * in the transaction that then queues the regeneration.
   */
  async admitRegeneration(
    userId: string,
    aulaId: string,
    bounds: { inFlightMax: number; perHour: number },
  ): Promise<RegenerationAdmission> {
    const em = this.em;
    await em.execute(`select id from users where id = ? for update`, [userId]);
    const [counts] = await em.execute<{ in_flight: number; last_hour: number }[]>(
      `select (select count(*)::int from aulas a join planos_aula p on p.id = a.plano_id
                where p.user_id = ? and a.regeneration_job_id is not null and a.generation_state in ('queued', 'running')) as in_flight,
              (select count(*)::int from regeneration_requests
                where user_id = ? and created_at > now() - interval '1 hour') as last_hour`,
      [userId, userId],
    );
    if (counts.in_flight >= bounds.inFlightMax) return 'in-flight';
    if (counts.last_hour >= bounds.perHour) return 'per-hour';
    await em.execute(
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
  async restoreLessonVersion(aulaId: string, versao: number): Promise<number | null> {
    const rows = await this.em.execute<{ versao: number }[]>(
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

  /**
   * Lesson regenerations still queued or running and untouched for `graceSeconds`, at most 500: the sweeper looks at
   * their jobs.
   */
  async findStaleRegenerations(graceSeconds: number): Promise<StaleRegeneration[]> {
    const rows = await this.em.execute<{ id: string; plano_id: string; numero_aula: number; user_id: string; regeneration_job_id: string; regeneration_request: unknown }[]>(
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
  async touchLesson(aulaId: string): Promise<void> {
    await this.em.execute(`update aulas set updated_at = now() where id = ?`, [aulaId]);
  }

  /** The lesson's pending regeneration of job `jobId`, locked: whether it was charged and the state it left. */
  async lockPendingRegeneration(
    aulaId: string,
    jobId: string,
  ): Promise<{ charged: boolean; previousState: LessonGenerationState | null } | null> {
    const [row] = await this.em.execute<{ regeneration_charged: boolean; regeneration_previous_state: LessonGenerationState | null }[]>(
      `select "regeneration_charged", "regeneration_previous_state" from "aulas"
        where "id" = ? and "regeneration_job_id" = ? and "generation_state" in ('queued', 'running') for update`,
      [aulaId, jobId],
    );
    return row ? { charged: row.regeneration_charged, previousState: row.regeneration_previous_state } : null;
  }

  /** Ends a lesson's regeneration in `state` with `message`, clearing what the regeneration had set. */
  async endRegeneration(aulaId: string, state: LessonGenerationState, message: string): Promise<void> {
    await this.em.execute(
      `update "aulas" set "generation_state" = ?, "generation_error" = ?, "regeneration_charged" = false,
              "regeneration_previous_state" = null, "updated_at" = now()
        where "id" = ?`,
      [state, message, aulaId],
    );
  }
}
