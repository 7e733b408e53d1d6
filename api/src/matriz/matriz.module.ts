import { EntityManager } from '@mikro-orm/postgresql';
import { Module } from '@nestjs/common';
import { CurriculumService } from '@planejador/curriculum';
import { MatrizController } from './matriz.controller';

@Module({
  controllers: [MatrizController],
  providers: [{ provide: CurriculumService, inject: [EntityManager], useFactory: (em: EntityManager) => new CurriculumService(em) }],
  exports: [CurriculumService],
})
export class MatrizModule {}
