import { EntityManager } from '@mikro-orm/postgresql';
import { Module } from '@nestjs/common';
import { CurriculumService } from '@planejador/curriculum';
import { SweeperService } from '../sweeper/sweeper.service';
import { GenerationProcessor } from './generation.processor';
import { GenerationService } from './generation.service';
import { PlanFinalizer } from './plan-finalizer';

@Module({
  providers: [
    { provide: CurriculumService, inject: [EntityManager], useFactory: (em: EntityManager) => new CurriculumService(em) },
    GenerationService,
    PlanFinalizer,
    SweeperService,
    GenerationProcessor,
  ],
})
export class GenerationModule {}
