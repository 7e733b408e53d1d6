import { Inject, Injectable, Logger } from '@nestjs/common';
import { AiError } from '@planejador/ai';
import { isUnavailableError, type Settings } from '@planejador/config';
import { BARREIRA_LABELS, isInProgress, LIMITS, MSG, type LessonGenerationState, type RegenerableField, type RegenerateLessonJob } from '@planejador/contracts';
import { AiCallsRepository, AulasRepository, CreditsRepository, Database, LessonContentRepository, toAulaDto } from '@planejador/db';
import { DeltaThrottle } from '../core/delta-throttle';
import { ProgressPublisher } from '../core/progress.publisher';
import { SETTINGS } from '../core/tokens';
import { lessonFields, LessonWriter } from './lesson-writer';
import { OutageRetry } from './outage-retry';

export type RegenerationOutcome = 'done' | 'failed' | 'skipped';

/** What a version keeps as its request: the wish, and for an adaptation the barreira it was made for. */
function adaptationNote(data: RegenerateLessonJob): string | null {
  if (!data.adaptacao) return data.instrucao ?? null;
  const label = `Adaptação para ${BARREIRA_LABELS[data.adaptacao]}`;
  return data.instrucao ? `${label}: ${data.instrucao}` : label;
}

/**
 * What of the AI's text so far the page may show as the new text: a whole lesson's every field; a one-field
 * regeneration only that field (the AI repeats the others unchanged, and only that one is stored), nothing while it
 * has not started it, or at all when it is no text (the skills, the check of learning).
 */
function regeneratedFields(campos: Record<string, string>, campo: RegenerableField | null): Record<string, string> | null {
  if (!campo) return campos;
  const text = campos[campo];
  return text ? { [campo]: text } : null;
}

/**
 * One lesson's regeneration: the whole lesson or one field, with the teacher's instruction and pins. The other
 * lessons are never touched. The lesson is this job's while its regeneration_job_id says so; a retried or resumed
 * job (worker killed) simply writes it then. Its AI calls are bounded like a lesson's first generation
 * (AI_MAX_CALLS_PER_LESSON over every retry and job attempt, counted in PostgreSQL). A final failure keeps the
 * previous content and gives the credit back exactly once. PostgreSQL or Redis unreachable is no failure of it:
 * its database steps wait (OutageRetry), and past that its job is set aside and resumes.
 */
@Injectable()
export class RegenerationService {
  private readonly logger = new Logger(RegenerationService.name);

  constructor(
    private readonly db: Database,
    private readonly aulas: AulasRepository,
    private readonly lessonContent: LessonContentRepository,
    private readonly aiCalls: AiCallsRepository,
    private readonly credits: CreditsRepository,
    private readonly writer: LessonWriter,
    private readonly progress: ProgressPublisher,
    private readonly outage: OutageRetry,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {}

  /** `final`: no attempt follows this one, so a failure is final (the lesson goes back, the credit too). */
  async regenerate(jobId: string, data: RegenerateLessonJob, final: boolean): Promise<RegenerationOutcome> {
    const found = await this.aulas.findAulaWithPlano(data.planId, data.aulaId);
    if (!found || found.aula.regenerationJobId !== jobId || !isInProgress(found.aula.generationState)) return 'skipped';
    const { aula, plano, turma } = found;
    const userId = plano.userId;
    const base = { planId: plano.id, aulaId: aula.id, numeroAula: aula.numeroAula, jobId };

    const started = Date.now();
    // Another field than the skills keeps the lesson's skills; a whole lesson keeps the teacher's pins.
    const pins =
      data.habilidadesFixadas ?? (data.campo && data.campo !== 'habilidades' ? aula.habilidadeCodes : aula.habilidadesFixadas) ?? [];
    // Streaming: the page reads the new text as the AI writes it (a hint; the stored text is the whole answer).
    const deltas = new DeltaThrottle<Record<string, string>>((campos) => this.progress.publishLesson(userId, { ...base, type: 'delta', state: 'running', campos }));
    try {
      const draft = await this.writer.write({
        plano,
        turma,
        aula,
        sequencia: await this.outage.step(() => this.aulas.findLessonSequence(plano.id)),
        pins,
        regeneration: {
          instrucao: data.instrucao ?? null,
          campo: data.campo ?? null,
          current: lessonFields(aula),
          currentVerificacao: aula.verificacao,
          currentDua: aula.dua,
          adaptacao: data.adaptacao ?? null,
        },
        beforeAttempt: async (attempt) => {
          await this.outage.step(() => this.takeAiCall(aula.id, jobId));
          // The lesson is running from its first AI call on (takeRegenerationAiCall marks it so): the page hears it then.
          if (attempt === 1) this.progress.publishLesson(userId, { ...base, type: 'started', state: 'running' });
        },
        onDelta: (campos) => {
          const shown = regeneratedFields(campos, data.campo ?? null);
          if (shown) deltas.push(shown);
        },
      });
      deltas.stop();
      const stored = await this.outage.step(() =>
        this.lessonContent.storeLessonContent({
          aulaId: aula.id,
          draft,
          // An adaptation rewrites Experiências only (campo 'experiencias'): its version says it was one.
          origem: data.adaptacao ? 'adaptacao' : 'regeneracao',
          campo: data.campo ?? null,
          instrucao: adaptationNote(data),
          jobId,
        }),
      );
      if (!stored) return 'skipped';
      this.logger.log({ planId: plano.id, aula: aula.numeroAula, campo: data.campo ?? null, versao: stored.versao, ms: Date.now() - started }, 'lesson regenerated');
      // The lesson as the statement stored it, as the plan's GET shows it: the page needs no GET.
      this.progress.publishLesson(userId, { ...base, type: 'done', state: 'done', versao: stored.versao, aula: toAulaDto(stored) });
      return 'done';
    } catch (thrown) {
      deltas.stop();
      if (!(thrown instanceof AiError) && isUnavailableError(thrown)) throw thrown;
      const error = thrown instanceof AiError ? thrown : new AiError('unknown', { cause: thrown, detail: (thrown as Error)?.message });
      this.logger.warn({ planId: plano.id, aula: aula.numeroAula, kind: error.kind, err: error.message, final: final || !error.retryable }, 'lesson regeneration failed');
      if (!final && error.retryable) throw error;
      // A text past the caps says why the lesson stayed as it was; other failures keep the usual message.
      const why = error.kind === 'too-long' ? error.userMessage : null;
      await this.outage.step(() => this.fail(jobId, aula.id, error.userMessage, userId, base, why));
      return 'failed';
    }
  }

  /**
   * One AI call from this regeneration's budget, the lesson marked running; none left (or the regeneration no longer
   * this job's): the regeneration stops (an AiError 'budget').
   */
  private async takeAiCall(aulaId: string, jobId: string): Promise<void> {
    if (await this.aiCalls.takeRegenerationAiCall(aulaId, jobId, this.settings.AI_MAX_CALLS_PER_LESSON)) return;
    throw new AiError('budget', { detail: 'limite de chamadas da regeneração' });
  }

  /**
   * Ends a regeneration that will not be retried: the lesson goes back to its previous state (its content was
   * never touched), and a credit taken for it is given back, in one transaction and exactly once.
   */
  async fail(
    jobId: string,
    aulaId: string,
    reason: string,
    userId: string,
    base: { planId: string; aulaId: string; numeroAula: number; jobId: string },
    why: string | null = null,
  ): Promise<boolean> {
    const result = await this.db.transaction(async () => {
      const row = await this.aulas.lockPendingRegeneration(aulaId, jobId);
      if (!row) return null;
      const kept = row.previousState === 'done';
      const state: LessonGenerationState = kept ? 'done' : 'failed';
      const keptMessage = row.charged ? MSG.regenerationFailedKept : MSG.regenerationFailedKeptFree;
      const message = kept ? (why ? `${why} ${keptMessage}` : keptMessage) : reason;
      await this.aulas.endRegeneration(aulaId, state, message);
      if (row.charged) await this.credits.refundCredits(userId, LIMITS.regenerationCost);
      return { state, message, refunded: row.charged };
    });
    if (!result) return false;
    this.logger.warn({ aulaId, refunded: result.refunded }, 'regeneration ended failed');
    this.progress.publishLesson(userId, {
      ...base,
      type: 'failed',
      state: result.state,
      error: result.message,
      creditRefunded: result.refunded,
    });
    return true;
  }
}
