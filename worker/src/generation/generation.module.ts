import { EntityManager } from '@mikro-orm/postgresql';
import { Module } from '@nestjs/common';
import { CurriculumService } from '@planejador/curriculum';
import { SweeperService } from '../sweeper/sweeper.service';
import { GenerationProcessor } from './generation.processor';
import { GenerationService } from './generation.service';
import { LessonWriter } from './lesson-writer';
import { PlanFinalizer } from './plan-finalizer';
import { RegenerationService } from './regeneration.service';

@Module({
  providers: [
    { provide: CurriculumService, inject: [EntityManager], useFactory: (em: EntityManager) => new CurriculumService(em) },
    LessonWriter,
    GenerationService,
    RegenerationService,
    PlanFinalizer,
    SweeperService,
    GenerationProcessor,
  ],
})
export class GenerationModule {}
