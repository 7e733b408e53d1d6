import { Injectable, Logger } from '@nestjs/common';
import { CreditsRepository, Database, PlanGenerationRepository } from '@planejador/db';
import { ProgressPublisher } from '../core/progress.publisher';
import { LIMITS } from '@planejador/contracts';

export const GENERIC_FAILURE = 'Não foi possível gerar o plano. Tente novamente mais tarde.';

/** Ends a plan as failed and gives the credit back, exactly once (conditional update in one transaction). */
@Injectable()
export class PlanFinalizer {
  private readonly logger = new Logger(PlanFinalizer.name);

  constructor(
    private readonly db: Database,
    private readonly planGeneration: PlanGenerationRepository,
    private readonly credits: CreditsRepository,
    private readonly progress: ProgressPublisher,
  ) {}

  async fail(planId: string, reason: string): Promise<boolean> {
    const result = await this.db.transaction(async () => {
      const failed = await this.planGeneration.markPlanFailedForRefund(planId, reason);
      if (failed) await this.credits.refundCredits(failed.userId, LIMITS.planCost);
      return failed;
    });
    if (!result) return false;
    this.logger.warn({ planId, reason }, 'plan failed; credit returned');
    this.progress.publish(result.userId, {
      planId,
      type: 'failed',
      state: 'failed',
      done: result.done,
      total: result.total,
      error: reason,
      creditRefunded: true,
    });
    return true;
  }
}
