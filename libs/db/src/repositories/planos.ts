import { LockMode, QueryOrder } from '@mikro-orm/core';
import { schoolDate, type GenerationState, type PeriodoTipo } from '@planejador/contracts';
import { Aula, PlanoAula } from '../entities';
import { Repository } from '../database';
import { planoComAulas, type AulaRecord, type PlanoComAulas, type PlanoRecord } from '../records';
import { LessonContentRepository } from './lesson-content';

/** What a new plan stores besides its lessons. */
export type NewPlano = Pick<
  PlanoAula,
  | 'temaPrincipal'
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
  /**
   * The plan's period of its year's kind (default: `trimestre`, else 1), that year (default: of `dataInicio`, else
   * this year) and the kind (default trimestre); `trimestre` is stored as periodo under a trimestre calendar, else null.
   */
  periodo?: number;
  ano?: number;
  periodoTipo?: PeriodoTipo;
  /** Older callers name the period as a trimestre. */
  trimestre?: number | null;
  /** The teacher chose the period (else it follows the calendar); default false. */
  trimestreEscolhido?: boolean;
  /** The server built the title (it follows the lessons' titles); default false. */
  temaAutomatico?: boolean;
};

const PLANO_EDITS = [
  'temaPrincipal', 'temaAutomatico', 'dataInicio', 'dataFim', 'periodo', 'ano', 'periodoTipo', 'trimestreEscolhido', 'duracaoAulaMin', 'status',
] as const;

/** The stored trimestre: the period under a trimestre calendar, else null (decisions.md, "Period kinds"). */
export function trimestreDoPeriodo(periodo: number, tipo: PeriodoTipo): number | null {
  return tipo === 'trimestre' ? periodo : null;
}
const AULA_CONTENT_EDITS = [
  'habilidades', 'objetivos', 'objetosConhecimento', 'experiencias', 'evidencias', 'titulo', 'verificacao', 'dua', 'habilidadeCodes', 'versao',
] as const;

/** What a teacher's save changes of a plan. */
export type PlanoEdits = Pick<PlanoRecord, (typeof PLANO_EDITS)[number]>;

/** What a teacher's save changes of a lesson: its warnings, and with `content` its content as a new version. */
export interface AulaEdits {
  id: string;
  avisos: AulaRecord['avisos'];
  content?: Pick<AulaRecord, (typeof AULA_CONTENT_EDITS)[number]>;
}

/** Only these fields of `from` (a caller may hand a whole record). */
function pick<T extends object, K extends keyof T>(from: T, keys: readonly K[]): Pick<T, K> {
  return Object.fromEntries(keys.map((key) => [key, from[key]])) as Pick<T, K>;
}

/** A plan as a whole: made, read, edited, deleted (its lessons: AulasRepository; its generation: PlanGenerationRepository). */
export class PlanosRepository extends Repository {
  /** Keeps an edited lesson's versions. */
  private readonly versions = new LessonContentRepository(this.db);

  /**
   * Stores a plan queued for generation and its lessons, numbered from 1 in this order; returns the plan's id. A
   * second plan of the user with the same idempotency key is refused by PostgreSQL (unique index, code '23505').
   */
  async insertPlanoWithAulas(
    data: NewPlano,
    aulas: readonly { materia: string; prompt: string; habilidadesFixadas: string[] }[],
  ): Promise<string> {
    const em = this.em;
    const { turmaId, userId, periodo: chosen, ano: year, periodoTipo: tipo = 'trimestre', trimestre, ...fields } = data;
    const periodo = chosen ?? trimestre ?? 1;
    const ano = year ?? Number((isoDay(fields.dataInicio) ?? schoolDate()).slice(0, 4));
    const plano = em.create(PlanoAula, {
      ...fields,
      periodo,
      ano,
      periodoTipo: tipo,
      trimestre: trimestreDoPeriodo(periodo, tipo),
      turma: turmaId,
      user: userId,
      generationState: 'queued',
    });
    aulas.forEach((a, index) => {
      em.create(Aula, { plano, numeroAula: index + 1, materia: a.materia, prompt: a.prompt, habilidadesFixadas: a.habilidadesFixadas });
    });
    await em.flush();
    return plano.id;
  }

  /** The id of the user's plan made with this idempotency key, or null. */
  async findPlanoIdByIdempotencyKey(userId: string, key: string): Promise<string | null> {
    const found = await this.em.findOne(PlanoAula, { user: userId, idempotencyKey: key }, { fields: ['id'] });
    return found?.id ?? null;
  }

  /** The plan's generation job was queued now. */
  async markPlanEnqueued(planId: string): Promise<void> {
    await this.em.nativeUpdate(PlanoAula, { id: planId }, { enqueuedAt: new Date() });
  }

  /**
   * The plan with its lessons and its class, or null; with `userId`, only the user's plan (another user's plan
   * answers like a missing one).
   */
  async findPlanoWithAulas(planId: string, userId?: string): Promise<PlanoComAulas | null> {
    const where = userId === undefined ? { id: planId } : { id: planId, user: userId };
    const plano = await this.em.findOne(PlanoAula, where, { populate: ['aulas', 'turma'] });
    return plano && planoComAulas(plano);
  }

  /**
   * The period hand-in's plans: the user's finished plans of the class in that period of that year (deleted plans are
   * gone), with their lessons and class, by date (start date, plans without one last, then creation); with `materia`,
   * only the plans of that general subject (a hand-in by subject).
   */
  async findPeriodoPlanos(userId: string, turmaId: string, ano: number, periodo: number, materia?: string): Promise<PlanoComAulas[]> {
    const planos = await this.em.find(
      PlanoAula,
      { user: userId, turma: turmaId, ano, periodo, generationState: 'done', ...(materia ? { materiaGeral: materia } : {}) },
      { populate: ['aulas', 'turma'], orderBy: [{ dataInicio: QueryOrder.ASC_NULLS_LAST }, { createdAt: QueryOrder.ASC }, { id: QueryOrder.ASC }] },
    );
    return planos.map(planoComAulas);
  }

  /** How many finished plans of the user's class are in that period of that year (what findPeriodoPlanos would give). */
  async countPeriodoPlanos(userId: string, turmaId: string, ano: number, periodo: number, materia?: string): Promise<number> {
    return this.em.count(PlanoAula, { user: userId, turma: turmaId, ano, periodo, generationState: 'done', ...(materia ? { materiaGeral: materia } : {}) });
  }

  /**
   * The user's plan with its lessons and class, the plan and its lessons locked (for update) until the transaction
   * ends, so what is read of each lesson (its versao, its state) stays true until the caller writes; null if none.
   * The lessons are locked first, in id order, then the plan: the order of every other writer (a lesson, then its
   * plan, as a restore or an AI call's budget do), so two of them never wait on each other.
   */
  async lockPlanoWithAulas(userId: string, planId: string): Promise<PlanoComAulas | null> {
    const em = this.em;
    await em.execute(
      `select a.id from aulas a join planos_aula p on p.id = a.plano_id
        where a.plano_id = ? and p.user_id = ? order by a.id for update of a`,
      [planId, userId],
    );
    const plano = await em.findOne(PlanoAula, { id: planId, user: userId }, { populate: ['aulas', 'turma'], lockMode: LockMode.PESSIMISTIC_WRITE });
    return plano && planoComAulas(plano);
  }

  /**
   * Writes the teacher's save of a plan read locked (lockPlanoWithAulas) in this transaction: the plan's fields, each
   * lesson's warnings, and the content of each lesson that has one, kept as a new version (origin: edicao) at its
   * `versao`, which the caller has raised.
   */
  async savePlanoEdits(planId: string, plano: PlanoEdits, aulas: readonly AulaEdits[]): Promise<void> {
    const em = this.em;
    await em.nativeUpdate(
      PlanoAula,
      { id: planId },
      { ...pick(plano, PLANO_EDITS), trimestre: trimestreDoPeriodo(plano.periodo, plano.periodoTipo), updatedAt: new Date() },
    );
    for (const aula of aulas) {
      const content = aula.content && pick(aula.content, AULA_CONTENT_EDITS);
      await em.nativeUpdate(Aula, { id: aula.id }, { avisos: aula.avisos, ...content, updatedAt: new Date() });
      if (content) await this.versions.insertVersion(aula.id, content.versao, 'edicao');
    }
  }

  /** Deletes the user's plan (its lessons and versions go with it); false when the user has no such plan. */
  async deletePlano(userId: string, planId: string): Promise<boolean> {
    return (await this.em.nativeDelete(PlanoAula, { id: planId, user: userId })) > 0;
  }

  /** What an export needs to know of the user's plan (its version and whether it is generated), or null. */
  async findPlanoExportState(
    userId: string,
    planId: string,
  ): Promise<{ updatedAt: Date; generationState: GenerationState } | null> {
    const plano = await this.em.findOne(PlanoAula, { id: planId, user: userId }, { fields: ['id', 'updatedAt', 'generationState'] });
    return plano ? { updatedAt: plano.updatedAt, generationState: plano.generationState } : null;
  }

  /** The plan's status becomes 'editado' (once: an edited plan is left as it is). */
  async markPlanEdited(planId: string): Promise<void> {
    await this.em.execute(`update planos_aula set status = 'editado', updated_at = now() where id = ? and status <> 'editado'`, [planId]);
  }
}

/** A stored date as 'aaaa-mm-dd' (MikroORM gives a string, some drivers a Date). */
function isoDay(value: string | Date | null | undefined): string | null {
  if (!value) return null;
  return value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10);
}
