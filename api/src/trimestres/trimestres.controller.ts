import { Controller, Get, Param, Query, Res, UseGuards } from '@nestjs/common';
import type { Response } from 'express';
import { handinQuerySchema, handinTrimestreSchema, type PublicUser, type Trimestre } from '@planejador/contracts';
import type { z } from 'zod';
import { AuthenticatedGuard, CurrentUser } from '../auth/guards';
import { NotFoundUuidPipe } from '../core/not-found-uuid.pipe';
import { sendDocument } from '../core/send-document';
import { ZodValidationPipe } from '../core/zod-validation.pipe';
import { HandinService } from './handin.service';

@Controller('api/turmas')
@UseGuards(AuthenticatedGuard)
export class TrimestresController {
  constructor(private readonly handin: HandinService) {}

  /**
   * The trimestre's hand-in (?formato=docx|pdf, default docx). Bad values are refused (400) before anything runs;
   * then, as for a plan, one export in flight per user (429 while another is), freed when its job ends.
   */
  @Get(':id/trimestres/:n/export')
  async export(
    @CurrentUser() user: PublicUser,
    @Param('id', NotFoundUuidPipe) id: string,
    @Param('n', new ZodValidationPipe(handinTrimestreSchema)) n: Trimestre,
    @Query(new ZodValidationPipe(handinQuerySchema)) query: z.output<typeof handinQuerySchema>,
    @Res() res: Response,
  ): Promise<void> {
    const file = await this.handin.export(user.id, id, n, query.formato, query.materia);
    sendDocument(res, file, query.formato);
  }
}
