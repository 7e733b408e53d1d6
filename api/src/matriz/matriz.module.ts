import { Logger, Module, type OnApplicationBootstrap } from '@nestjs/common';
import { CurriculumService, warmSearchIndexes } from '@planejador/curriculum';
import { CurriculumRepository } from '@planejador/db';
import { MatrizController } from './matriz.controller';

@Module({
  controllers: [MatrizController],
  providers: [{ provide: CurriculumService, inject: [CurriculumRepository], useFactory: (skills: CurriculumRepository) => new CurriculumService(skills) }],
  exports: [CurriculumService],
})
export class MatrizModule implements OnApplicationBootstrap {
  private readonly logger = new Logger(MatrizModule.name);

  constructor(private readonly curriculum: CurriculumService) {}

  /** The skill search's indexes built before the first request or job needs them. */
  onApplicationBootstrap(): Promise<void> {
    return warmSearchIndexes(this.curriculum, this.logger);
  }
}
