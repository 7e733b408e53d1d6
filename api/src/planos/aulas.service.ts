import { BadRequestException, ConflictException, HttpException, HttpStatus, Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import {
  etapaOf,
  exceedsLessonCaps,
  isInProgress,
  LESSON_FIELD_LABELS,
  LESSON_FIELDS,
  isRegenerationFree,
  LIMITS,
  MSG,
  type Aula as AulaDto,
  type AulaVersao,
  type Barreira,
  type AulaVersoesQueryData,
  type AdaptarAulaData,
  type RegenerateAulaData,
  type RegenerateAulaResponse,
  type RegenerateLessonJob,
} from '@planejador/contracts';
import {
  CreditsRepository,
  Database,
  FairnessRepository,
  LessonContentRepository,
  AulasRepository,
  PlanosRepository,
  toAulaDto,
  type LockedLesson,
} from '@planejador/db';
import { JobProducer, jobIds, jobPriority } from '@planejador/queue';
import type { Settings } from '@planejador/config';
import { JOB_PRODUCER, SETTINGS } from '../core/tokens';
import { SkillScope } from './skill-scope';

/** One lesson's control: regeneration (credits, queue), versions and restore. Every lesson checks its owner. */
@Injectable()
export class AulasService {
  private readonly logger = new Logger(AulasService.name);

  constructor(
    private readonly db: Database,
    private readonly planos: PlanosRepository,
    private readonly aulas: AulasRepository,
    private readonly lessonContent: LessonContentRepository,
    private readonly credits: CreditsRepository,
    private readonly fairness: FairnessRepository,
    private readonly scope: SkillScope,
    @Inject(JOB_PRODUCER) private readonly producer: JobProducer,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {}

  /**
   * Queues one lesson's regeneration. In one transaction, with the lesson locked: the plan is the user's, not
   * generating and not failed (refunded: 409), the lesson not already regenerating (409), pins of the year and
   * subject (400), the user's bounds (3 in flight, 30 an hour: 429, counted in PostgreSQL under the user's row
   * lock, so over every api process), and the credit when the free regenerations are used (402). Then the job; if Redis is down the
   * sweeper queues it later.
   */
  async regenerate(userId: string, planId: string, aulaId: string, data: RegenerateAulaData): Promise<RegenerateAulaResponse> {
    return this.queue(userId, planId, aulaId, data);
  }

  /**
   * Queues an adaptation of the lesson's activities for one barreira (decisions.md, "Inclusion (DUA)"): a
   * regeneration of Experiências de Aprendizagem alone, with the lesson's skills kept, under the same rules (bounds,
   * credits, free offline), stored as a version of origin 'adaptacao'.
   */
  async adapt(userId: string, planId: string, aulaId: string, data: AdaptarAulaData): Promise<RegenerateAulaResponse> {
    return this.queue(userId, planId, aulaId, { instrucao: data.instrucao, campo: 'experiencias', adaptacao: data.barreira });
  }

  private async queue(
    userId: string,
    planId: string,
    aulaId: string,
    data: RegenerateAulaData & { adaptacao?: Barreira },
  ): Promise<RegenerateAulaResponse> {
    const token = randomUUID().slice(0, 8);
    const jobId = jobIds.regenerateLesson(aulaId, token);
    const job = await this.db.transaction(async () => {
      const lesson = await this.lockOwnedLesson(userId, planId, aulaId);
      if (isInProgress(lesson.planState)) {
        throw new ConflictException({ message: MSG.planoGenerating });
      }
      // A plan that ended failed was refunded: regenerating its lessons for free would make it a free plan.
      if (lesson.planState === 'failed') throw new ConflictException({ message: MSG.planoFailedNoRegeneration });
      if (isInProgress(lesson.generationState)) {
        throw new ConflictException({ message: MSG.aulaRegenerating });
      }
      if (data.habilidadesFixadas?.length) await this.scope.check(lesson.ano, lesson.materia, data.habilidadesFixadas, etapaOf(lesson.etapa));
      // DUA strategies are written for the class's barreiras: none marked, nothing to write them for.
      if (data.campo === 'dua' && (lesson.barreiras ?? []).length === 0) throw new BadRequestException({ message: MSG.duaSemBarreiras });
      const admission = await this.aulas.admitRegeneration(userId, aulaId, {
        inFlightMax: LIMITS.regenerationsInFlightMax,
        perHour: LIMITS.regenerationsPerHour,
      });
      if (admission !== 'admitted') {
        const message = admission === 'in-flight' ? MSG.regenerationsInFlight : MSG.regenerationsPerHour;
        throw new HttpException({ message }, HttpStatus.TOO_MANY_REQUESTS);
      }
      // With no AI configured (the offline drafter) a regeneration never costs a credit (decisions.md, "Lesson control").
      const free = this.offline() || isRegenerationFree(lesson.regeneracoes);
      let charged = false;
      if (!free) {
        if (!(await this.credits.chargeCredits(userId, LIMITS.regenerationCost))) throw new HttpException({ message: MSG.regenerationInsufficientCredits }, HttpStatus.PAYMENT_REQUIRED);
        charged = true;
      }
      const payload: RegenerateLessonJob = {
        planId,
        aulaId,
        userId,
        ...(data.instrucao ? { instrucao: data.instrucao } : {}),
        ...(data.campo ? { campo: data.campo } : {}),
        ...(data.habilidadesFixadas?.length ? { habilidadesFixadas: data.habilidadesFixadas } : {}),
        ...(data.adaptacao ? { adaptacao: data.adaptacao } : {}),
        charged,
      };
      await this.aulas.queueLessonRegeneration(aulaId, {
        previousState: lesson.generationState,
        charged,
        jobId,
        request: payload,
        habilidadesFixadas: data.habilidadesFixadas?.length ? data.habilidadesFixadas : null,
      });
      return payload;
    });
    try {
      // Behind every first generation, and behind the teacher's other regenerations in flight (fairness).
      const backlog = await this.fairness.teacherBacklog(userId, 'regeneration', aulaId);
      await this.producer.enqueue('regenerate-lesson', job, jobId, {
        priority: jobPriority('regeneration', backlog),
      });
    } catch (err) {
      this.logger.warn({ planId, aulaId, err: (err as Error).message }, 'regeneration not enqueued yet; the sweeper will retry');
    }
    this.logger.log({ planId, aulaId, campo: job.campo ?? null, adaptacao: job.adaptacao ?? null, charged: job.charged }, 'lesson regeneration queued');
    // Offline, a wish cannot be applied by the drafter: the lesson keeps it as a note, and the page says so.
    return this.offline() && job.instrucao ? { jobId, nota: MSG.regenerationOfflineNote } : { jobId };
  }

  /** No AI key: lessons are written by the offline drafter (GET /api/geracao says 'offline'). */
  private offline(): boolean {
    return !this.settings.OPENAI_API_KEY?.trim();
  }

  /** One page of the lesson's versions, newest first (the first page's first is the current content). */
  async versions(userId: string, planId: string, aulaId: string, query: AulaVersoesQueryData): Promise<{ versions: AulaVersao[]; nextAntes: number | null }> {
    const page = await this.aulas.listLessonVersions(userId, planId, aulaId, query);
    if (!page) throw new NotFoundException({ message: MSG.aulaNotFound });
    return page;
  }

  /** Makes an earlier version current again, as a new version (origin: restauracao). */
  async restore(userId: string, planId: string, aulaId: string, versao: number): Promise<AulaDto> {
    await this.db.transaction(async () => {
      const lesson = await this.lockOwnedLesson(userId, planId, aulaId);
      if (isInProgress(lesson.generationState)) {
        throw new ConflictException({ message: MSG.aulaRegenerating });
      }
      // A version kept from before the caps may hold a field past them: it is refused, naming the field.
      const version = await this.aulas.findLessonVersion(aulaId, versao);
      if (!version) throw new NotFoundException({ message: MSG.versaoNotFound });
      const tooLong = LESSON_FIELDS.find((field) => exceedsLessonCaps(version[field] ?? ''));
      if (tooLong) throw new BadRequestException({ message: MSG.versaoTooLong(LESSON_FIELD_LABELS[tooLong]) });
      const restored = await this.aulas.restoreLessonVersion(aulaId, versao);
      if (restored === null) throw new NotFoundException({ message: MSG.versaoNotFound });
      await this.lessonContent.insertVersion(aulaId, restored, 'restauracao');
      await this.planos.markPlanEdited(planId);
    });
    return toAulaDto(await this.aulas.getAula(aulaId));
  }

  /**
   * The lesson (locked until the caller's transaction ends) with its plan's state and class year, if the plan is the
   * user's.
   */
  private async lockOwnedLesson(userId: string, planId: string, aulaId: string): Promise<LockedLesson> {
    const lesson = await this.aulas.lockLesson(userId, planId, aulaId);
    if (!lesson) throw new NotFoundException({ message: MSG.aulaNotFound });
    return lesson;
  }
}
