import { Controller, Get, NotFoundException, Param, Query, Res, UseGuards } from '@nestjs/common';
import type { Response } from 'express';
import { z } from 'zod';
import { CurriculumService } from '@planejador/curriculum';
import { etapaOf, habilidadesQuerySchema, MATRIZ_HEADERS, materiaSchema, MSG, type MatrizData, type MatrizMeta, type PublicUser } from '@planejador/contracts';
import { TurmasRepository, type TurmaRecord } from '@planejador/db';
import { AuthenticatedGuard, CurrentUser } from '../auth/guards';
import { ZodValidationPipe } from '../core/zod-validation.pipe';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const turmaParam = z.string().trim().min(1, MSG.turmaNotFound).max(200, MSG.turmaNotFound);

@Controller('api')
@UseGuards(AuthenticatedGuard)
export class MatrizController {
  constructor(
    private readonly turmas: TurmasRepository,
    private readonly curriculum: CurriculumService,
  ) {}

  /**
   * The spec's matrix itself: first-level key the year ('5º ano'), then the thematic units. {turma} is one of the
   * user's classes, by id or by number; the year comes from that class. Its facts travel in headers (MATRIZ_HEADERS)
   * and in GET .../info.
   */
  @Get('matriz/:turma/:materia')
  async matriz(
    @CurrentUser() user: PublicUser,
    @Param('turma', new ZodValidationPipe(turmaParam)) turmaRef: string,
    @Param('materia', new ZodValidationPipe(materiaSchema)) materia: z.infer<typeof materiaSchema>,
    @Res({ passthrough: true }) res: Response,
  ): Promise<MatrizData> {
    const turma = await this.turmaOf(user, turmaRef);
    const { data, meta } = await this.curriculum.matriz(turma.ano, materia, etapaOf(turma.etapa));
    res.setHeader(MATRIZ_HEADERS.ano, meta.ano);
    res.setHeader(MATRIZ_HEADERS.total, String(meta.total));
    res.setHeader(MATRIZ_HEADERS.rsLoaded, meta.rsLoaded ? 'sim' : 'nao');
    if (meta.reason) res.setHeader(MATRIZ_HEADERS.reason, encodeURIComponent(meta.reason));
    res.setHeader('Access-Control-Expose-Headers', Object.values(MATRIZ_HEADERS).join(', '));
    return data;
  }

  /** The matrix's facts: year, subject, BNCC component, number of skills, why it is empty, RS data, credit. */
  @Get('matriz/:turma/:materia/info')
  async matrizInfo(
    @CurrentUser() user: PublicUser,
    @Param('turma', new ZodValidationPipe(turmaParam)) turmaRef: string,
    @Param('materia', new ZodValidationPipe(materiaSchema)) materia: z.infer<typeof materiaSchema>,
  ): Promise<MatrizMeta> {
    const turma = await this.turmaOf(user, turmaRef);
    return (await this.curriculum.matriz(turma.ano, materia, etapaOf(turma.etapa))).meta;
  }

  private async turmaOf(user: PublicUser, turmaRef: string): Promise<TurmaRecord> {
    const turma = UUID.test(turmaRef) ? await this.turmas.findOwnedTurma(user.id, turmaRef) : await this.turmas.findLatestTurmaByNumero(user.id, turmaRef);
    if (!turma) throw new NotFoundException({ message: MSG.turmaNotFound });
    return turma;
  }

  @Get('habilidades')
  habilidades(@Query(new ZodValidationPipe(habilidadesQuerySchema)) query: z.output<typeof habilidadesQuerySchema>) {
    return this.curriculum.search(query.ano, query.materia, query.q, query.limit, query.etapa);
  }
}
