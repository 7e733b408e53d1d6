import { Inject, Logger, Module, type OnApplicationBootstrap } from '@nestjs/common';
import type { Settings } from '@planejador/config';
import { CurriculumService, warmSearchIndexes } from '@planejador/curriculum';
import { CurriculumRepository } from '@planejador/db';
import { MatrizController } from './matriz.controller';
import { SETTINGS } from '../core/tokens';

@Module({
  controllers: [MatrizController],
  providers: [{ provide: CurriculumService, inject: [CurriculumRepository], useFactory: (skills: CurriculumRepository) => new CurriculumService(skills) }],
  exports: [CurriculumService],
})
export class MatrizModule implements OnApplicationBootstrap {
  private readonly logger = new Logger(MatrizModule.name);

  constructor(
    private readonly curriculum: CurriculumService,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {}

  /** The skill search's indexes built before the first request or job needs them (unless SEARCH_INDEX_WARMUP=false). */
  async onApplicationBootstrap(): Promise<void> {
    if (this.settings.SEARCH_INDEX_WARMUP) await warmSearchIndexes(this.curriculum, this.logger);
  }
}
