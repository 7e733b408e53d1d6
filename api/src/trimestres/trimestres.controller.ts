import { Controller, Get, Param, Query, Res, UseGuards } from '@nestjs/common';
import type { Response } from 'express';
import { handinPeriodoSchema, handinQuerySchema, handinTrimestreSchema, type PublicUser, type Trimestre } from '@planejador/contracts';
import type { z } from 'zod';
import { AuthenticatedGuard, CurrentUser } from '../auth/guards';
import { NotFoundUuidPipe } from '../core/not-found-uuid.pipe';
import { sendDocument } from '../core/send-document';
import { ZodValidationPipe } from '../core/zod-validation.pipe';
import { HandinService } from './handin.service';

type HandinQuery = z.output<typeof handinQuerySchema>;

@Controller('api/turmas')
@UseGuards(AuthenticatedGuard)
export class TrimestresController {
  constructor(private readonly handin: HandinService) {}

  /**
   * The period's hand-in, any kind (?formato=docx|pdf, default docx; ?ano=, default this year; a period above the
   * count of that year's kind: 400). Bad values are refused (400) before anything runs; then, as for a plan, one
   * export in flight per user (429 while another is), freed when its job ends.
   */
  @Get(':id/periodos/:n/export')
  async exportPeriodo(
    @CurrentUser() user: PublicUser,
    @Param('id', NotFoundUuidPipe) id: string,
    @Param('n', new ZodValidationPipe(handinPeriodoSchema)) n: number,
    @Query(new ZodValidationPipe(handinQuerySchema)) query: HandinQuery,
    @Res() res: Response,
  ): Promise<void> {
    const file = await this.handin.export(user.id, id, { periodo: n, ano: query.ano, rota: 'periodos' }, query.formato, query.materia);
    sendDocument(res, file, query.formato);
  }

  /** The trimestre's hand-in (as /periodos/{n}/), under a trimestre calendar; under another kind, 404 naming it. */
  @Get(':id/trimestres/:n/export')
  async export(
    @CurrentUser() user: PublicUser,
    @Param('id', NotFoundUuidPipe) id: string,
    @Param('n', new ZodValidationPipe(handinTrimestreSchema)) n: Trimestre,
    @Query(new ZodValidationPipe(handinQuerySchema)) query: HandinQuery,
    @Res() res: Response,
  ): Promise<void> {
    const file = await this.handin.export(user.id, id, { periodo: n, ano: query.ano, rota: 'trimestres' }, query.formato, query.materia);
    sendDocument(res, file, query.formato);
  }
}
