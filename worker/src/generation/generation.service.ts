import { Inject, Injectable, Logger } from '@nestjs/common';
import { UnrecoverableError } from 'bullmq';
import { AiError, type LessonDraft } from '@planejador/ai';
import { isUnavailableError, type Settings } from '@planejador/config';
import { AiCallsRepository, Database, LessonContentRepository, PlanGenerationRepository, PlanosRepository, type AiCallGrant, type AulaRecord } from '@planejador/db';
import { jobIds } from '@planejador/queue';
import { DeltaThrottle } from '../core/delta-throttle';
import { ProgressPublisher } from '../core/progress.publisher';
import { SETTINGS } from '../core/tokens';
import { FirstLessonGate } from './first-lesson-gate';
import { LessonWriter } from './lesson-writer';
import { mapWithConcurrency } from './map-with-concurrency';
import { OutageRetry } from './outage-retry';
import { PlanRun } from './plan-run';

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
    const started = await this.start(planId);
    if (!started) return 'skipped';
    const { run, gate } = started;
    await this.writeLessons(run, gate);
    this.settle(run, final);
    await this.finish(run);
    return 'done';
  }

  /**
   * The plan read and started. With the AI, the plan's running state, its first pending lesson's and that lesson's
   * first AI call go in one transaction, read beside the plan itself (two connections): the AI is asked one commit
   * after the job starts (the first visible word, issue 29), never before the plan's state is in. The offline
   * drafter starts the plan once it is read. Null: nothing to do (the plan is gone, done or failed).
   */
  private async start(planId: string): Promise<{ run: PlanRun; gate: FirstLessonGate<AulaRecord> } | null> {
    const [plano, start] = await Promise.all([
      this.planos.findPlanoWithAulas(planId),
      this.writer.kind === 'offline' ? null : this.startFirstLesson(planId),
    ]);
    if (!plano || plano.generationState === 'done' || plano.generationState === 'failed') return null;
    const run = new PlanRun(plano);
    const first = start ? run.pending.find((aula) => aula.id === start.aulaId) : undefined;
    const gate = new FirstLessonGate(first, start?.grant);
    if (this.writer.kind === 'offline') await this.planGeneration.markPlanRunning(planId);
    this.progress.publish(run.userId, run.event('started'));
    this.logger.log({ planId, total: run.total, done: run.done, generator: this.writer.kind }, 'generation started');
    return { run, gate };
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

  /**
   * Every pending lesson, at most LESSON_CONCURRENCY at once, the first one through the gate. An outage stops
   * the run: every lesson in flight settles first, none starts after it, then it is thrown (OutageRetry sets the job
   * aside, and its next run resumes the lessons not yet stored).
   */
  private async writeLessons(run: PlanRun, gate: FirstLessonGate<AulaRecord>): Promise<void> {
    await mapWithConcurrency(run.pending, this.settings.LESSON_CONCURRENCY, async (aula) => {
      await gate.waitTurn(aula);
      if (run.interrupted) return; // no lesson starts during an outage: the next run does it
      try {
        await this.writeLesson(run, gate, aula);
      } catch (thrown) {
        run.interrupted ??= thrown;
        this.logger.warn({ planId: run.planId, aula: aula.numeroAula, err: (thrown as Error)?.message }, 'lesson interrupted; it resumes on the next run');
      } finally {
        // Never asked (a failure before its call): the others need not wait for it.
        gate.open(aula);
      }
    });
    if (run.interrupted) throw run.interrupted;
  }

  /** One lesson: running, written by the AI (streamed to the page) and stored, or marked failed. Throws only an outage. */
  private async writeLesson(run: PlanRun, gate: FirstLessonGate<AulaRecord>, aula: AulaRecord): Promise<void> {
    this.progress.publish(run.userId, run.event('lesson-started', { numeroAula: aula.numeroAula }));
    if (!gate.isFirst(aula)) await this.outage.step(() => this.planGeneration.markLessonRunning(aula.id));
    const deltas = this.lessonStream(run, aula);
    try {
      const draft = await this.writer.write({
        plano: run.plano,
        turma: run.turma,
        aula,
        sequencia: run.sequencia,
        pins: aula.habilidadesFixadas ?? [],
        beforeAttempt: () => this.grantAttempt(gate, aula),
        onDelta: (campos) => deltas.push(campos),
      });
      deltas.stop();
      await this.storeLesson(run, aula, draft);
    } catch (thrown) {
      deltas.stop();
      if (!(thrown instanceof AiError) && isUnavailableError(thrown)) throw thrown;
      await this.failLesson(run, aula, thrown);
    }
  }

  /** Streaming: the page reads the lesson's text as the AI writes it (a hint; the stored text is the whole answer). */
  private lessonStream(run: PlanRun, aula: AulaRecord): DeltaThrottle<Record<string, string>> {
    const base = { planId: run.planId, aulaId: aula.id, numeroAula: aula.numeroAula, jobId: jobIds.generatePlan(run.planId) };
    return new DeltaThrottle((campos) => this.progress.publishLesson(run.userId, { ...base, type: 'delta', state: 'running', campos }));
  }

  /**
   * Before each AI attempt, its call from the budgets: the first lesson's first attempt spends the call taken with
   * the plan's running state, every other attempt takes its own. Once the first lesson has its call, the others go.
   */
  private async grantAttempt(gate: FirstLessonGate<AulaRecord>, aula: AulaRecord): Promise<void> {
    const startGrant = gate.takeStartGrant(aula);
    if (startGrant !== undefined) granted(startGrant);
    else await this.outage.step(() => this.takeAiCall(aula.id));
    gate.open(aula);
  }

  /** The lesson's text stored, unless it was done meanwhile (then it is not counted twice). */
  private async storeLesson(run: PlanRun, aula: AulaRecord, draft: LessonDraft): Promise<void> {
    const stored = await this.outage.step(() => this.lessonContent.storeLessonContent({ aulaId: aula.id, draft, origem: 'geracao', onlyIfNotDone: true }));
    if (stored !== null) run.stored(aula, stored.titulo);
    this.progress.publish(run.userId, run.event('lesson-done', { numeroAula: aula.numeroAula }));
  }

  /** The AI failed the lesson (after its retries, or its budget is spent): marked failed with words for the teacher. */
  private async failLesson(run: PlanRun, aula: AulaRecord, thrown: unknown): Promise<void> {
    const error = thrown instanceof AiError ? thrown : new AiError('unknown', { cause: thrown, detail: (thrown as Error)?.message });
    run.failures.push(error);
    this.logger.warn({ planId: run.planId, aula: aula.numeroAula, kind: error.kind, err: error.message }, 'lesson failed');
    await this.outage.step(() => this.planGeneration.markLessonFailed(aula.id, error.userMessage));
    this.progress.publish(run.userId, run.event('lesson-failed', { numeroAula: aula.numeroAula, error: error.userMessage }));
  }

  /**
   * Lessons that failed for a passing reason get the job's next attempt (which writes only those) before the plan
   * settles for a partial result on its last attempt; a plan with no lesson done fails this attempt (for good when
   * a failure is lasting). Returns when the plan may end done.
   */
  private settle(run: PlanRun, final: boolean): void {
    const { failures } = run;
    const retryLater = !final && failures.length > 0 && failures.every((f) => f.retryable);
    if (!failures.length || (run.done > 0 && !retryLater)) return;
    const message = failures[0].userMessage;
    if (!failures.every((f) => f.retryable)) throw new UnrecoverableError(message);
    throw new LessonsFailedError(message, true);
  }

  /** The plan done (titled after its lessons if the teacher left it untitled), announced once. */
  private async finish(run: PlanRun): Promise<void> {
    if (await this.planGeneration.markPlanDone(run.planId, this.writer.kind, run.automaticTitle())) {
      this.progress.publish(run.userId, run.event('done'));
      this.logger.log({ planId: run.planId, total: run.total, done: run.done, failed: run.failures.length }, 'generation done');
    }
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
