import { Inject, Injectable, Logger } from '@nestjs/common';
import { UnrecoverableError } from 'bullmq';
import { AiError, retryAiCall, type SkillAssessmentWriter } from '@planejador/ai';
import { isUnavailableError, type Settings } from '@planejador/config';
import { anoLabel, etapaOf, materiaLabel } from '@planejador/contracts';
import { CurriculumService } from '@planejador/curriculum';
import { AvaliacoesRepository } from '@planejador/db';
import { ProgressPublisher } from '../core/progress.publisher';
import { SETTINGS } from '../core/tokens';
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
   * while still empty), one after the other, then ends the assessment done. A skill that fails after its retries
   * fails the attempt; the job's next attempt resumes from the skills still empty.
   */
  async generate(avaliacaoId: string): Promise<'done' | 'skipped'> {
    const avaliacao = await this.avaliacoes.findAvaliacao(avaliacaoId);
    if (!avaliacao || avaliacao.generation.state === 'done' || avaliacao.generation.state === 'failed') return 'skipped';
    if (!(await this.avaliacoes.markAvaliacaoRunning(avaliacaoId))) return 'skipped';
    const { userId } = avaliacao;
    const total = avaliacao.habilidades.length;
    let done = avaliacao.generation.done;
    this.progress.publishAssessment(userId, { avaliacaoId, type: 'started', state: 'running', done, total });
    this.logger.log({ avaliacaoId, total, done, writer: this.writer.kind }, 'assessment started');
    const records = new Map((await this.curriculum.findByCodes(avaliacao.habilidades.map((h) => h.code))).map((r) => [r.code, r]));
    // The budget of AI calls of the whole assessment, kept in PostgreSQL so it holds across attempts and restarts.
    const maxCalls = this.settings.AI_MAX_CALLS_PER_LESSON * Math.max(1, total);

    for (const habilidade of avaliacao.habilidades) {
      if (habilidade.questoes.length > 0) continue;
      const record = records.get(habilidade.code);
      const ctx = {
        ano: anoLabel(avaliacao.turma.ano, etapaOf(avaliacao.turma.etapa)),
        materia: materiaLabel(avaliacao.materia),
        skill: { code: habilidade.code, description: record?.description ?? habilidade.description, unit: record?.unit ?? '', knowledgeObjects: record?.knowledgeObjects ?? [] },
        questoes: avaliacao.questoesPorHabilidade,
      };
      let written;
      try {
        written = await retryAiCall((signal) => this.writer.write(ctx, { signal }), {
          attempts: this.settings.AI_ATTEMPTS,
          baseDelayMs: this.settings.AI_RETRY_BASE_MS,
          timeoutMs: this.settings.OPENAI_TIMEOUT_MS,
          beforeAttempt: this.writer.kind === 'offline' ? undefined : () => this.outage.step(() => this.takeAiCall(avaliacaoId, maxCalls)),
        }, { avaliacaoId, code: habilidade.code }, 'ai assessment');
      } catch (thrown) {
        if (!(thrown instanceof AiError) && isUnavailableError(thrown)) throw thrown;
        const error = thrown instanceof AiError ? thrown : new AiError('unknown', { cause: thrown });
        this.logger.warn({ avaliacaoId, code: habilidade.code, kind: error.kind, err: error.message }, 'assessment skill failed');
        if (!error.retryable) throw new UnrecoverableError(ASSESSMENT_FAILURE);
        throw new SkillFailedError(habilidade.code, true, error);
      }
      if (await this.outage.step(() => this.avaliacoes.storeAvaliacaoSkill(avaliacaoId, habilidade.code, written))) done++;
      this.progress.publishAssessment(userId, { avaliacaoId, type: 'skill-done', state: 'running', done, total, code: habilidade.code });
    }

    if (await this.outage.step(() => this.avaliacoes.markAvaliacaoDone(avaliacaoId, this.writer.kind))) {
      this.progress.publishAssessment(userId, { avaliacaoId, type: 'done', state: 'done', done: total, total });
      this.logger.log({ avaliacaoId, total }, 'assessment done');
    }
    return 'done';
  }

  private async takeAiCall(avaliacaoId: string, max: number): Promise<void> {
    if (await this.avaliacoes.takeAvaliacaoAiCall(avaliacaoId, max)) return;
    throw new AiError('budget', { detail: 'limite de chamadas da avaliação' });
  }
}
