import { Inject, Logger, Module, type OnApplicationBootstrap } from '@nestjs/common';
import type { Settings } from '@planejador/config';
import { CurriculumRepository } from '@planejador/db';
import { CurriculumService, warmSearchIndexes } from '@planejador/curriculum';
import { FairShare } from '../core/fair-share';
import { GenerationProcessor } from './generation.processor';
import { GenerationService } from './generation.service';
import { LessonWriter } from './lesson-writer';
import { OutageRetry } from './outage-retry';
import { PlanFinalizer } from './plan-finalizer';
import { RegenerationService } from './regeneration.service';
import { SETTINGS } from '../core/tokens';

@Module({
  providers: [
    { provide: CurriculumService, inject: [CurriculumRepository], useFactory: (skills: CurriculumRepository) => new CurriculumService(skills) },
    LessonWriter,
    OutageRetry,
    FairShare,
    GenerationService,
    RegenerationService,
    PlanFinalizer,
    GenerationProcessor,
  ],
  // For the sweeper (its own module): it ends or re-queues what a dead worker left.
  exports: [PlanFinalizer, RegenerationService],
})
export class GenerationModule implements OnApplicationBootstrap {
  private readonly logger = new Logger(GenerationModule.name);

  constructor(
    private readonly curriculum: CurriculumService,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {}

  /** The skill search's indexes built before the first request or job needs them (unless SEARCH_INDEX_WARMUP=false). */
  async onApplicationBootstrap(): Promise<void> {
    if (this.settings.SEARCH_INDEX_WARMUP) await warmSearchIndexes(this.curriculum, this.logger);
  }
}
