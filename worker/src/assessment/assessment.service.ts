import { Inject, Injectable, Logger } from '@nestjs/common';
import { UnrecoverableError } from 'bullmq';
import { AiError, retryAiCall, type SkillAssessment, type SkillAssessmentContext, type SkillAssessmentWriter } from '@planejador/ai';
import { isUnavailableError, type Settings } from '@planejador/config';
import { anoLabel, etapaOf, materiaLabel, type HabilidadeParcial } from '@planejador/contracts';
import { bankQuestionsFor, CurriculumService } from '@planejador/curriculum';
import { AvaliacoesRepository } from '@planejador/db';
import { DeltaThrottle } from '../core/delta-throttle';
import { ProgressPublisher } from '../core/progress.publisher';
import { SETTINGS } from '../core/tokens';
import { mapWithConcurrency } from '../generation/map-with-concurrency';
import { OutageRetry } from '../generation/outage-retry';
import { ASSESSMENT_WRITER } from './assessment.tokens';

/** What the teacher reads when an assessment could not be written (the credit goes back). */
export const ASSESSMENT_FAILURE = 'Não foi possível escrever a avaliação. O crédito foi devolvido; tente novamente mais tarde.';

/** A skill whose questions could not be written this attempt; the job is retried, or ends failed and refunded. */
export class SkillFailedError extends Error {
  constructor(
    readonly code: string,
    readonly retryable: boolean,
    cause: unknown,
  ) {
    super(`skill ${code} failed: ${(cause as Error)?.message ?? cause}`, { cause });
    this.name = 'SkillFailedError';
  }
}

/** One run of an assessment's job: skills stored so far (earlier runs' included) and what stopped it, if anything. */
interface AssessmentRun {
  avaliacaoId: string;
  userId: string;
  total: number;
  done: number;
  /** The first failure or outage of a skill: no skill starts after it, and the attempt throws it at the end. */
  stopped: unknown;
}

@Injectable()
export class AssessmentService {
  private readonly logger = new Logger(AssessmentService.name);

  constructor(
    private readonly avaliacoes: AvaliacoesRepository,
    private readonly curriculum: CurriculumService,
    private readonly progress: ProgressPublisher,
    private readonly outage: OutageRetry,
    @Inject(ASSESSMENT_WRITER) private readonly writer: SkillAssessmentWriter,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {}

  /**
   * Writes every skill not yet written (a retried or resumed job never writes a skill twice: each is stored only
   * while still empty), side by side up to LESSON_CONCURRENCY (the bound of a plan's lessons), each stored as soon as
   * it is written and its text streamed to the page meanwhile; then ends the assessment done. A skill that fails
   * after its retries, or an outage, stops the run: no skill starts after it, those in flight finish and are
   * stored, then the attempt fails (the job's next attempt resumes from the skills still empty).
   */
  async generate(avaliacaoId: string): Promise<'done' | 'skipped'> {
    const avaliacao = await this.avaliacoes.findAvaliacao(avaliacaoId);
    if (!avaliacao || avaliacao.generation.state === 'done' || avaliacao.generation.state === 'failed') return 'skipped';
    if (!(await this.avaliacoes.markAvaliacaoRunning(avaliacaoId))) return 'skipped';
    const { userId } = avaliacao;
    const total = avaliacao.habilidades.length;
    const pending = avaliacao.habilidades.filter((h) => h.questoes.length === 0);
    const run: AssessmentRun = { avaliacaoId, userId, total, done: avaliacao.generation.done, stopped: undefined };
    this.progress.publishAssessment(userId, { avaliacaoId, type: 'started', state: 'running', done: run.done, total });
    this.logger.log({ avaliacaoId, total, done: run.done, pending: pending.length, writer: this.writer.kind }, 'assessment started');
    const records = new Map((await this.curriculum.findByCodes(pending.map((h) => h.code))).map((r) => [r.code, r]));
    const contexts = pending.map((habilidade): SkillAssessmentContext => {
      const record = records.get(habilidade.code);
      return {
        ano: anoLabel(avaliacao.turma.ano, etapaOf(avaliacao.turma.etapa)),
        materia: materiaLabel(avaliacao.materia),
        skill: {
          code: habilidade.code,
          description: record?.description ?? habilidade.description,
          unit: record?.unit ?? '',
          knowledgeObjects: record?.knowledgeObjects ?? [],
          // The skill's bank questions: the offline drafter's questions, the AI's examples of level and kind.
          questoes: bankQuestionsFor(habilidade.code),
        },
        questoes: avaliacao.questoesPorHabilidade,
        // Each period's assessment of a skill opens with another of its bank questions.
        variante: Math.max(0, avaliacao.periodo - 1),
      };
    });
    // The budget of AI calls of the whole assessment, kept in PostgreSQL so it holds across attempts and restarts.
    const maxCalls = this.settings.AI_MAX_CALLS_PER_LESSON * Math.max(1, total);

    await mapWithConcurrency(contexts, this.settings.LESSON_CONCURRENCY, async (ctx) => {
      if (run.stopped !== undefined) return; // a skill failed or an outage: the next attempt writes the rest
      try {
        await this.writeSkill(run, ctx, maxCalls);
      } catch (thrown) {
        run.stopped ??= thrown;
      }
    });
    if (run.stopped !== undefined) throw run.stopped;

    if (await this.outage.step(() => this.avaliacoes.markAvaliacaoDone(avaliacaoId, this.writer.kind))) {
      this.progress.publishAssessment(userId, { avaliacaoId, type: 'done', state: 'done', done: total, total });
      this.logger.log({ avaliacaoId, total }, 'assessment done');
    }
    return 'done';
  }

  /**
   * One skill: written by the AI with its retries (its text streamed to the page), then stored at once. Throws a
   * SkillFailedError (retryable), an UnrecoverableError (a lasting failure) or an outage as it is.
   */
  private async writeSkill(run: AssessmentRun, ctx: SkillAssessmentContext, maxCalls: number): Promise<void> {
    const { avaliacaoId, userId } = run;
    const code = ctx.skill.code;
    const deltas = new DeltaThrottle<HabilidadeParcial>((parcial) => this.progress.publishAssessmentSkill(userId, { avaliacaoId, code, type: 'delta', parcial }));
    let written: SkillAssessment;
    try {
      written = await retryAiCall((signal) => this.writer.write(ctx, { signal, onDelta: (parcial) => deltas.push(parcial) }), {
        attempts: this.settings.AI_ATTEMPTS,
        baseDelayMs: this.settings.AI_RETRY_BASE_MS,
        timeoutMs: this.settings.OPENAI_TIMEOUT_MS,
        beforeAttempt: this.writer.kind === 'offline' ? undefined : () => this.outage.step(() => this.takeAiCall(avaliacaoId, maxCalls)),
      }, { avaliacaoId, code }, 'ai assessment');
    } catch (thrown) {
      if (!(thrown instanceof AiError) && isUnavailableError(thrown)) throw thrown;
      const error = thrown instanceof AiError ? thrown : new AiError('unknown', { cause: thrown });
      this.logger.warn({ avaliacaoId, code, kind: error.kind, err: error.message }, 'assessment skill failed');
      if (!error.retryable) throw new UnrecoverableError(ASSESSMENT_FAILURE);
      throw new SkillFailedError(code, true, error);
    } finally {
      // No delta after the skill's end.
      deltas.stop();
    }
    if (await this.outage.step(() => this.avaliacoes.storeAvaliacaoSkill(avaliacaoId, code, written))) run.done++;
    this.progress.publishAssessment(userId, { avaliacaoId, type: 'skill-done', state: 'running', done: run.done, total: run.total, code });
  }

  private async takeAiCall(avaliacaoId: string, max: number): Promise<void> {
    if (await this.avaliacoes.takeAvaliacaoAiCall(avaliacaoId, max)) return;
    throw new AiError('budget', { detail: 'limite de chamadas da avaliação' });
  }
}
