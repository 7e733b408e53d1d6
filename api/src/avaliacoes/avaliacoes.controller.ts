import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Res, UseGuards } from '@nestjs/common';
import type { Response } from 'express';
import {
  createAvaliacaoSchema,
  updateAvaliacaoSchema,
  updateResultadosSchema,
  type CreateAvaliacaoData,
  type PublicUser,
  type UpdateAvaliacaoData,
  type UpdateResultadosData,
} from '@planejador/contracts';
import { AuthenticatedGuard, CurrentUser } from '../auth/guards';
import { NotFoundUuidPipe } from '../core/not-found-uuid.pipe';
import { sendDocument } from '../core/send-document';
import { ZodValidationPipe } from '../core/zod-validation.pipe';
import { AvaliacoesExportService } from './avaliacoes-export.service';
import { AvaliacoesService } from './avaliacoes.service';

/** Assessment by skill (decisions.md, "School year: trimestres and coverage"). Another user's answers 404. */
@Controller('api')
@UseGuards(AuthenticatedGuard)
export class AvaliacoesController {
  constructor(
    private readonly avaliacoes: AvaliacoesService,
    private readonly exports: AvaliacoesExportService,
  ) {}

  @Post('turmas/:id/avaliacoes')
  @HttpCode(202)
  create(
    @CurrentUser() user: PublicUser,
    @Param('id', NotFoundUuidPipe) turmaId: string,
    @Body(new ZodValidationPipe(createAvaliacaoSchema)) body: CreateAvaliacaoData,
  ): Promise<{ id: string }> {
    return this.avaliacoes.create(user.id, turmaId, body);
  }

  @Get('turmas/:id/avaliacoes')
  list(@CurrentUser() user: PublicUser, @Param('id', NotFoundUuidPipe) turmaId: string) {
    return this.avaliacoes.list(user.id, turmaId);
  }

  @Get('avaliacoes/:id')
  get(@CurrentUser() user: PublicUser, @Param('id', NotFoundUuidPipe) id: string) {
    return this.avaliacoes.get(user.id, id);
  }

  @Put('avaliacoes/:id')
  update(
    @CurrentUser() user: PublicUser,
    @Param('id', NotFoundUuidPipe) id: string,
    @Body(new ZodValidationPipe(updateAvaliacaoSchema)) body: UpdateAvaliacaoData,
  ) {
    return this.avaliacoes.update(user.id, id, body);
  }

  @Delete('avaliacoes/:id')
  @HttpCode(204)
  async delete(@CurrentUser() user: PublicUser, @Param('id', NotFoundUuidPipe) id: string): Promise<void> {
    await this.avaliacoes.delete(user.id, id);
  }

  /** Results by skill: counts of students per rubric level, never names. */
  @Put('avaliacoes/:id/resultados')
  saveResultados(
    @CurrentUser() user: PublicUser,
    @Param('id', NotFoundUuidPipe) id: string,
    @Body(new ZodValidationPipe(updateResultadosSchema)) body: UpdateResultadosData,
  ) {
    return this.avaliacoes.saveResultados(user.id, id, body);
  }

  @Get('avaliacoes/:id/export')
  async export(@CurrentUser() user: PublicUser, @Param('id', NotFoundUuidPipe) id: string, @Res() res: Response): Promise<void> {
    sendDocument(res, await this.exports.export(user.id, id));
  }
}
