import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  AiError,
  generateWithRetry,
  lessonContext,
  type AiLogger,
  type LessonContext,
  type LessonDraft,
  type LessonGenerator,
  type SequenceLesson,
} from '@planejador/ai';
import type { Settings } from '@planejador/config';
import { etapaOf, exceedsLessonCaps, LESSON_FIELD_LABELS, LESSON_FIELDS, MSG, type LessonField, type Materia, type RegenerableField } from '@planejador/contracts';
import { CurriculumService, skillClassroom } from '@planejador/curriculum';
import type { AulaRecord, PlanoRecord, TurmaRecord } from '@planejador/db';
import { LESSON_GENERATOR, SETTINGS } from '../core/tokens';

/** Larger than any BNCC pool of one year and subject (109 at most): the whole pool is offered, ranked. */
const WHOLE_POOL = 200;

export interface WriteRequest {
  plano: PlanoRecord;
  turma: TurmaRecord;
  aula: AulaRecord;
  /** The plan's lessons in order (number and description), this one included. */
  sequencia: SequenceLesson[];
  /** Codes the lesson must cite (the lesson's pins, or a regeneration's). */
  pins: string[];
  regeneration?: LessonContext['regeneration'];
  /** Runs before each AI attempt; throws (an AiError 'budget') when no more calls may be made. */
  beforeAttempt?: (attempt: number) => Promise<void>;
  /** Streaming: the text fields written so far by the AI's current attempt (never called by the offline drafter). */
  onDelta?: (fields: Record<string, string>) => void;
}

/**
 * Writes one lesson: the whole ranked pool of the class's year and the lesson's subject, the pinned skills, the
 * AI (or the offline drafter) with retries and time-outs, and a last check that every code belongs to that pool.
 */
@Injectable()
export class LessonWriter {
  private readonly logger = new Logger(LessonWriter.name);
  private readonly aiLogger: AiLogger;

  constructor(
    private readonly curriculum: CurriculumService,
    @Inject(LESSON_GENERATOR) private readonly generator: LessonGenerator,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {
    const log = (level: 'debug' | 'log' | 'warn' | 'error') => (obj: object, msg?: string) => this.logger[level](obj, msg);
    this.aiLogger = { debug: log('debug'), info: log('log'), warn: log('warn'), error: log('error') };
  }

  get kind() {
    return this.generator.kind;
  }

  async write(request: WriteRequest): Promise<LessonDraft> {
    const { plano, turma, aula } = request;
    const materia = aula.materia as Materia;
    // Ranked by this lesson's own description only: the plan's title or another lesson never moves its skills.
    const etapa = etapaOf(turma.etapa);
    const pool = await this.curriculum.candidates(turma.ano, materia, aula.prompt, null, WHOLE_POOL, etapa);
    const byCode = new Map(pool.map((skill) => [skill.code, skill]));
    const pinned = request.pins.map((code) => byCode.get(code)).filter((s) => s !== undefined);
    if (pinned.length !== request.pins.length) {
      throw new AiError('unknown-code', { detail: `habilidades fixadas fora do ano e da matéria: ${request.pins.join(',')}` });
    }
    const ctx = lessonContext({
      plano,
      turma,
      aula,
      sequencia: request.sequencia,
      pool,
      pinned,
      noCandidatesReason: pool.length ? null : await this.curriculum.noSkillsReason(turma.ano, materia, etapa),
      regeneration: request.regeneration,
      classroomOf: skillClassroom,
    });
    const draft = await generateWithRetry(this.generator, ctx, {
      attempts: this.settings.AI_ATTEMPTS,
      baseDelayMs: this.settings.AI_RETRY_BASE_MS,
      timeoutMs: this.settings.OPENAI_TIMEOUT_MS,
      logger: this.aiLogger,
      beforeAttempt: request.beforeAttempt,
      onDelta: request.onDelta,
    });
    // Defence in depth: only codes of this year and subject are ever stored.
    const unknown = draft.habilidadeCodes.filter((c) => !byCode.has(c));
    if (unknown.length) throw new AiError('unknown-code', { detail: unknown.join(',') });
    const tooLong = fieldPastCaps(draft, request.regeneration?.campo ?? null);
    if (tooLong) throw new AiError('too-long', { detail: tooLong, userMessage: MSG.generatedTooLong(LESSON_FIELD_LABELS[tooLong]) });
    return draft;
  }
}

/**
 * The first of the fields to be stored (the five of a whole lesson, or the one a regeneration rewrites) past a lesson
 * field's caps (20,000 characters, 300 lines), else null: such a text is never stored (an adaptation of a long text
 * adds its supports and could pass them).
 */
export function fieldPastCaps(draft: LessonDraft, campo: RegenerableField | null): LessonField | null {
  const fields = campo === null ? LESSON_FIELDS : LESSON_FIELDS.filter((field) => field === campo);
  return fields.find((field) => exceedsLessonCaps(draft[field] ?? '')) ?? null;
}

/** The five fields of a lesson as stored. */
export function lessonFields(aula: Pick<AulaRecord, LessonField>): Record<LessonField, string | null> {
  return {
    habilidades: aula.habilidades,
    objetivos: aula.objetivos,
    objetosConhecimento: aula.objetosConhecimento,
    experiencias: aula.experiencias,
    evidencias: aula.evidencias,
  };
}
