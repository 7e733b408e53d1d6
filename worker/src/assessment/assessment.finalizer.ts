import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, Logger } from '@nestjs/common';
import { markAvaliacaoFailedForRefund, refundCredits } from '@planejador/db';
import { ProgressPublisher } from '../core/progress.publisher';
import { LIMITS } from '@planejador/contracts';

/** Ends an assessment as failed and gives its credit back, exactly once (a conditional update in one transaction). */
@Injectable()
export class AssessmentFinalizer {
  private readonly logger = new Logger(AssessmentFinalizer.name);

  constructor(
    private readonly em: EntityManager,
    private readonly progress: ProgressPublisher,
  ) {}

  async fail(avaliacaoId: string, reason: string): Promise<boolean> {
    const result = await this.em.fork().transactional(async (tx) => {
      const failed = await markAvaliacaoFailedForRefund(tx, avaliacaoId, reason);
      if (failed) await refundCredits(tx, failed.userId, LIMITS.assessmentCost);
      return failed;
    });
    if (!result) return false;
    this.logger.warn({ avaliacaoId, reason }, 'assessment failed; credit returned');
    this.progress.publishAssessment(result.userId, { avaliacaoId, type: 'failed', state: 'failed', done: result.done, total: result.total, error: reason, creditRefunded: true });
    return true;
  }
}
