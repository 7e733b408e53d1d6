import { Injectable, Logger } from '@nestjs/common';
import { AvaliacoesRepository, CreditsRepository, Database } from '@planejador/db';
import { ProgressPublisher } from '../core/progress.publisher';
import { LIMITS } from '@planejador/contracts';

/** Ends an assessment as failed and gives its credit back, exactly once (a conditional update in one transaction). */
@Injectable()
export class AssessmentFinalizer {
  private readonly logger = new Logger(AssessmentFinalizer.name);

  constructor(
    private readonly db: Database,
    private readonly avaliacoes: AvaliacoesRepository,
    private readonly credits: CreditsRepository,
    private readonly progress: ProgressPublisher,
  ) {}

  async fail(avaliacaoId: string, reason: string): Promise<boolean> {
    const result = await this.db.transaction(async () => {
      const failed = await this.avaliacoes.markAvaliacaoFailedForRefund(avaliacaoId, reason);
      if (failed) await this.credits.refundCredits(failed.userId, LIMITS.assessmentCost);
      return failed;
    });
    if (!result) return false;
    this.logger.warn({ avaliacaoId, reason }, 'assessment failed; credit returned');
    this.progress.publishAssessment(result.userId, { avaliacaoId, type: 'failed', state: 'failed', done: result.done, total: result.total, error: reason, creditRefunded: true });
    return true;
  }
}
