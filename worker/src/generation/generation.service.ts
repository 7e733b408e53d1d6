import { Injectable, Logger } from '@nestjs/common';
import { UnrecoverableError } from 'bullmq';
import { AiError } from '@planejador/ai';
import { planTitleFromLessons } from '@planejador/contracts';
import { AiCallsRepository, Database, LessonContentRepository, PlanGenerationRepository, PlanosRepository, type AiCallGrant } from '@planejador/db';
import { jobIds } from '@planejador/queue';
import { DeltaThrottle } from '../core/delta-throttle';
import { ProgressPublisher } from '../core/progress.publisher';
import { LessonWriter } from './lesson-writer';
import { OutageRetry } from './outage-retry';

import { mapWithConcurrency } from './map-with-concurrency';
import { isUnavailableError, type Settings } from '@planejador/config';
import { Inject } from '@nestjs/common';
import { SETTINGS } from '../core/tokens';

/** A plan none of whose lessons could be written this attempt; the job is retried (or ends failed, refunded). */
export class LessonsFailedError extends Error {
  constructor(
    readonly userMessage: string,
    readonly retryable: boolean,
  ) {
    super(userMessage);
    this.name = 'LessonsFailedError';
  }
}

@Injectable()
export class GenerationService {
  private readonly logger = new Logger(GenerationService.name);

  constructor(
    private readonly db: Database,
    private readonly planos: PlanosRepository,
    private readonly planGeneration: PlanGenerationRepository,
    private readonly lessonContent: LessonContentRepository,
    private readonly aiCalls: AiCallsRepository,
    private readonly writer: LessonWriter,
    private readonly progress: ProgressPublisher,
    private readonly outage: OutageRetry,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {}

  /**
   * Generates every lesson not yet done (so a retried or resumed job never writes a lesson twice), in parallel up
   * to LESSON_CONCURRENCY, each with its own retries. Lessons still failing for a passing reason are tried again
   * by the job's next attempt; on the last attempt a plan with at least one lesson written ends done, its failed
   * lessons marked failed (free to regenerate); only a plan whose lessons all failed ends failed, credit back.
   * Only the AI fails a lesson: PostgreSQL or Redis unreachable is waited out (OutageRetry), never counted.
   */
  async generate(planId: string, final = true): Promise<'done' | 'skipped'> {
    // With the AI, the plan's running state, its first pending lesson's and that lesson's first AI call go in one
    // transaction, read beside the plan itself (two connections): the AI is asked one commit after the job starts
    // (the first visible word, issue 29), never before the plan's state is in. The offline drafter starts the plan
    // below, once the plan is read.
    const [plano, start] = await Promise.all([
      this.planos.findPlanoWithAulas(planId),
      this.writer.kind === 'offline' ? null : this.startFirstLesson(planId),
    ]);
    if (!plano || plano.generationState === 'done' || plano.generationState === 'failed') return 'skipped';
    const { userId, turma, aulas } = plano;
    const total = aulas.length;
    const sequencia = aulas.map((a) => ({ numeroAula: a.numeroAula, prompt: a.prompt }));
    let done = aulas.filter((a) => a.generationState === 'done').length;

    const pending = aulas.filter((a) => a.generationState !== 'done');
    // The plan's first lesson asks the AI before its others start (they follow at once): when many plans start
    // together (a school on a Monday morning), every teacher's first lesson is under way before anyone's fifth
    // competes with it for the worker and the database (decisions.md, "Generation": Fairness).
    const first = start ? pending.find((aula) => aula.id === start.aulaId) : undefined;
    let firstGrant: AiCallGrant | undefined = first && start ? start.grant : undefined;
    if (this.writer.kind === 'offline') await this.planGeneration.markPlanRunning(planId);
    this.progress.publish(userId, { planId, type: 'started', state: 'running', done, total });
    this.logger.log({ planId, total, done, generator: this.writer.kind }, 'generation started');

    // Each lesson's title as stored (a lesson done by an earlier run has it already), for a title the server builds.
    const titles = new Map(aulas.map((a) => [a.id, a.titulo]));
    const failures: AiError[] = [];
    // PostgreSQL (or Redis) unreachable for longer than a step waits: no lesson's failure. Every lesson in flight
    // settles first; then the job is set aside and its next run resumes the lessons not yet stored.
    let interrupted: unknown;
    let firstAsked = (): void => undefined;
    const firstLessonAsked = first ? new Promise<void>((resolve) => (firstAsked = resolve)) : Promise.resolve();
    await mapWithConcurrency(pending, this.settings.LESSON_CONCURRENCY, async (aula) => {
      if (aula !== first) await firstLessonAsked;
      if (interrupted) return; // no lesson starts during an outage: the next run does it
      try {
        this.progress.publish(userId, { planId, type: 'lesson-started', state: 'running', done, total, numeroAula: aula.numeroAula });
        if (aula !== first) await this.outage.step(() => this.planGeneration.markLessonRunning(aula.id));
        // Streaming: the page reads the lesson's text as the AI writes it (a hint; the stored text is the whole answer).
        const deltas = new DeltaThrottle<Record<string, string>>((campos) =>
          this.progress.publishLesson(userId, { planId, aulaId: aula.id, numeroAula: aula.numeroAula, jobId: jobIds.generatePlan(planId), type: 'delta', state: 'running', campos }),
        );
        try {
          const draft = await this.writer.write({
            plano,
            turma,
            aula,
            sequencia,
            pins: aula.habilidadesFixadas ?? [],
            beforeAttempt: async () => {
              if (aula === first && firstGrant !== undefined) {
                // The call taken with the plan's running state (above); a retry takes its own.
                const grant = firstGrant;
                firstGrant = undefined;
                granted(grant);
              } else {
                await this.outage.step(() => this.takeAiCall(aula.id));
              }
              if (aula === first) firstAsked();
            },
            onDelta: (campos) => deltas.push(campos),
          });
          deltas.stop();
          const stored = await this.outage.step(() =>
            this.lessonContent.storeLessonContent({
              aulaId: aula.id,
              draft,
              origem: 'geracao',
              onlyIfNotDone: true,
            }),
          );
          if (stored !== null) {
            done++;
            titles.set(aula.id, stored.titulo);
          }
          this.progress.publish(userId, { planId, type: 'lesson-done', state: 'running', done, total, numeroAula: aula.numeroAula });
        } catch (thrown) {
          deltas.stop();
          if (!(thrown instanceof AiError) && isUnavailableError(thrown)) throw thrown;
          const error = thrown instanceof AiError ? thrown : new AiError('unknown', { cause: thrown, detail: (thrown as Error)?.message });
          failures.push(error);
          this.logger.warn({ planId, aula: aula.numeroAula, kind: error.kind, err: error.message }, 'lesson failed');
          await this.outage.step(() => this.planGeneration.markLessonFailed(aula.id, error.userMessage));
          this.progress.publish(userId, { planId, type: 'lesson-failed', state: 'running', done, total, numeroAula: aula.numeroAula, error: error.userMessage });
        }
      } catch (thrown) {
        interrupted ??= thrown;
        this.logger.warn({ planId, aula: aula.numeroAula, err: (thrown as Error)?.message }, 'lesson interrupted; it resumes on the next run');
      } finally {
        // Never asked (a failure before its call, the offline drafter): the others need not wait for it.
        if (aula === first) firstAsked();
      }
    });
    if (interrupted) throw interrupted;

    // Lessons that failed for a passing reason get the job's next attempt (which writes only those) before the
    // plan settles for a partial result on its last attempt.
    const retryLater = !final && failures.length > 0 && failures.every((f) => f.retryable);
    if (failures.length && (done === 0 || retryLater)) {
      const retryable = failures.every((f) => f.retryable);
      const message = failures[0].userMessage;
      if (!retryable) throw new UnrecoverableError(message);
      throw new LessonsFailedError(message, true);
    }

    // A plan the teacher left untitled is named after its lessons' titles, now that they are written.
    const automaticTitle = plano.temaAutomatico ? planTitleFromLessons(aulas.map((a) => titles.get(a.id)), plano.temaPrincipal) : null;
    if (await this.planGeneration.markPlanDone(planId, this.writer.kind, automaticTitle)) {
      this.progress.publish(userId, { planId, type: 'done', state: 'done', done, total });
      this.logger.log({ planId, total, done, failed: failures.length }, 'generation done');
    }
    return 'done';
  }

  /**
   * The plan running, its first lesson not yet done running and that lesson's first AI call taken, in one
   * transaction; null (nothing changed) when the plan is not queued or running, or has no lesson left to write.
   */
  private startFirstLesson(planId: string): Promise<{ aulaId: string; grant: AiCallGrant } | null> {
    return this.db.transaction(async () => {
      if (!(await this.planGeneration.markPlanRunning(planId))) return null;
      const aulaId = await this.planGeneration.markFirstPendingLessonRunning(planId);
      return aulaId === null ? null : { aulaId, grant: await this.aiCalls.takeAiCall(aulaId, this.aiCallLimits()) };
    });
  }

  /** One AI call from the lesson's and the plan's budgets (kept in PostgreSQL, so they hold across attempts). */
  private async takeAiCall(aulaId: string): Promise<void> {
    granted(await this.aiCalls.takeAiCall(aulaId, this.aiCallLimits()));
  }

  private aiCallLimits() {
    return { perLesson: this.settings.AI_MAX_CALLS_PER_LESSON, perPlanLesson: this.settings.AI_MAX_CALLS_PER_PLAN_LESSON };
  }
}

/** Goes on when the budgets gave the call; a spent budget fails the lesson with no call made. */
function granted(grant: AiCallGrant): void {
  if (grant === 'granted') return;
  throw new AiError('budget', { detail: grant === 'lesson-spent' ? 'limite de chamadas da aula' : 'limite de chamadas do plano' });
}
