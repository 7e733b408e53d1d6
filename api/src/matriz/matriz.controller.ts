import { EntityManager } from '@mikro-orm/postgresql';
import { Controller, Get, NotFoundException, Param, Query, UseGuards } from '@nestjs/common';
import { z } from 'zod';
import { CurriculumService } from '@planejador/curriculum';
import { habilidadesQuerySchema, materiaSchema, MSG, type PublicUser } from '@planejador/contracts';
import { Turma } from '@planejador/db';
import { AuthenticatedGuard, CurrentUser } from '../auth/guards';
import { ZodValidationPipe } from '../core/zod-validation.pipe';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const turmaParam = z.string().trim().min(1, MSG.turmaNotFound).max(200, MSG.turmaNotFound);

@Controller('api')
@UseGuards(AuthenticatedGuard)
export class MatrizController {
  constructor(
    private readonly em: EntityManager,
    private readonly curriculum: CurriculumService,
  ) {}

  /** {turma} is one of the user's classes, by id or by number; the year comes from that class. */
  @Get('matriz/:turma/:materia')
  async matriz(
    @CurrentUser() user: PublicUser,
    @Param('turma', new ZodValidationPipe(turmaParam)) turmaRef: string,
    @Param('materia', new ZodValidationPipe(materiaSchema)) materia: z.infer<typeof materiaSchema>,
  ) {
    const em = this.em.fork();
    const turma = UUID.test(turmaRef)
      ? await em.findOne(Turma, { id: turmaRef, user: user.id })
      : await em.findOne(Turma, { numero: turmaRef, user: user.id }, { orderBy: { createdAt: 'desc' } });
    if (!turma) throw new NotFoundException({ message: MSG.turmaNotFound });
    return this.curriculum.matriz(turma.ano, materia);
  }

  @Get('habilidades')
  habilidades(@Query(new ZodValidationPipe(habilidadesQuerySchema)) query: z.output<typeof habilidadesQuerySchema>) {
    return this.curriculum.search(query.ano, query.materia, query.q, query.limit);
  }
}
