import { Body, Controller, Delete, Get, Headers, HttpCode, Param, Post, Put, Query, Res, UseGuards } from '@nestjs/common';
import type { Response } from 'express';
import { z } from 'zod';
import {
  adaptarAulaSchema,
  AULA_VERSOES_HEADERS,
  aulaVersoesQuerySchema,
  MSG,
  generatePlanoSchema,
  idempotencyKeySchema,
  planosListQuerySchema,
  PLANOS_PAGE_HEADERS,
  regenerateAulaSchema,
  updatePlanoSchema,
  type AdaptarAulaData,
  type AulaVersao,
  type AulaVersoesQueryData,
  type RegenerateAulaData,
  type RegenerateAulaResponse,
  type GeneratePlanoData,
  type GenerateResponse,
  type PlanoListItem,
  type PlanosListQueryData,
  type PublicUser,
  type UpdatePlanoData,
} from '@planejador/contracts';
import { AuthenticatedGuard, CurrentUser } from '../auth/guards';
import { NotFoundUuidPipe } from '../core/not-found-uuid.pipe';
import { sendDocument } from '../core/send-document';
import { ZodValidationPipe } from '../core/zod-validation.pipe';
import { AulasService } from './aulas.service';
import { ExportService } from './export.service';
import { PlanosService } from './planos.service';

const versaoParam = z.coerce.number({ error: MSG.versaoNotFound }).int(MSG.versaoNotFound).min(1, MSG.versaoNotFound).max(1_000_000, MSG.versaoNotFound);

@Controller('api/planos')
@UseGuards(AuthenticatedGuard)
export class PlanosController {
  constructor(
    private readonly planos: PlanosService,
    private readonly exports: ExportService,
    private readonly aulas: AulasService,
  ) {}

  @Post('generate')
  async generate(
    @CurrentUser() user: PublicUser,
    @Body(new ZodValidationPipe(generatePlanoSchema)) body: GeneratePlanoData,
    @Headers('idempotency-key') rawKey: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ): Promise<GenerateResponse> {
    const key = rawKey === undefined ? null : idempotencyKeySchema.parse(rawKey);
    const { id, created } = await this.planos.generate(user.id, body, key);
    res.status(created ? 202 : 200);
    res.setHeader('Location', `/api/planos/${id}`);
    return { id };
  }

  /** One page of the plans (newest first): the array, with the total and the next page's cursor in headers. */
  @Get()
  async list(
    @CurrentUser() user: PublicUser,
    @Query(new ZodValidationPipe(planosListQuerySchema)) query: PlanosListQueryData,
    @Res({ passthrough: true }) res: Response,
  ): Promise<PlanoListItem[]> {
    const page = await this.planos.list(user.id, query);
    res.setHeader(PLANOS_PAGE_HEADERS.total, String(page.total));
    if (page.nextCursor) {
      res.setHeader(PLANOS_PAGE_HEADERS.nextCursor, page.nextCursor);
      const next = new URLSearchParams({ limit: String(query.limit), cursor: page.nextCursor });
      if (query.turma) next.set('turma', query.turma);
      if (query.status) next.set('status', query.status);
      if (query.trimestre) next.set('trimestre', String(query.trimestre));
      if (query.periodo) next.set('periodo', String(query.periodo));
      if (query.anoLetivo) next.set('anoLetivo', String(query.anoLetivo));
      res.setHeader('Link', `</api/planos?${next.toString()}>; rel="next"`);
    }
    res.setHeader('Cache-Control', 'private, no-store');
    return page.planos;
  }

  @Get(':id')
  get(@CurrentUser() user: PublicUser, @Param('id', NotFoundUuidPipe) id: string) {
    return this.planos.get(user.id, id);
  }

  @Put(':id')
  update(
    @CurrentUser() user: PublicUser,
    @Param('id', NotFoundUuidPipe) id: string,
    @Body(new ZodValidationPipe(updatePlanoSchema)) body: UpdatePlanoData,
  ) {
    return this.planos.update(user.id, id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  async remove(@CurrentUser() user: PublicUser, @Param('id', NotFoundUuidPipe) id: string): Promise<void> {
    await this.planos.remove(user.id, id);
  }

  /** Queues one lesson's regeneration (the whole lesson or one field): 202 { jobId }. */
  @Post(':id/aulas/:aulaId/regenerar')
  @HttpCode(202)
  regenerate(
    @CurrentUser() user: PublicUser,
    @Param('id', NotFoundUuidPipe) id: string,
    @Param('aulaId', NotFoundUuidPipe) aulaId: string,
    @Body(new ZodValidationPipe(regenerateAulaSchema)) body: RegenerateAulaData,
  ): Promise<RegenerateAulaResponse> {
    return this.aulas.regenerate(user.id, id, aulaId, body);
  }

  /**
   * Queues an adaptation of the lesson's activities for one barreira (a new version of Experiências, same skills),
   * under the regeneration rules: 202 { jobId }.
   */
  @Post(':id/aulas/:aulaId/adaptar')
  @HttpCode(202)
  adapt(
    @CurrentUser() user: PublicUser,
    @Param('id', NotFoundUuidPipe) id: string,
    @Param('aulaId', NotFoundUuidPipe) aulaId: string,
    @Body(new ZodValidationPipe(adaptarAulaSchema)) body: AdaptarAulaData,
  ): Promise<RegenerateAulaResponse> {
    return this.aulas.adapt(user.id, id, aulaId, body);
  }

  /** One page of the lesson's versions (newest first): the array, with the next page's `antes` in a header. */
  @Get(':id/aulas/:aulaId/versoes')
  async versions(
    @CurrentUser() user: PublicUser,
    @Param('id', NotFoundUuidPipe) id: string,
    @Param('aulaId', NotFoundUuidPipe) aulaId: string,
    @Query(new ZodValidationPipe(aulaVersoesQuerySchema)) query: AulaVersoesQueryData,
    @Res({ passthrough: true }) res: Response,
  ): Promise<AulaVersao[]> {
    const page = await this.aulas.versions(user.id, id, aulaId, query);
    if (page.nextAntes !== null) {
      res.setHeader(AULA_VERSOES_HEADERS.nextAntes, String(page.nextAntes));
      res.setHeader('Link', `</api/planos/${id}/aulas/${aulaId}/versoes?antes=${page.nextAntes}&limite=${query.limite}>; rel="next"`);
    }
    return page.versions;
  }

  @Post(':id/aulas/:aulaId/versoes/:versao/restaurar')
  @HttpCode(200)
  restore(
    @CurrentUser() user: PublicUser,
    @Param('id', NotFoundUuidPipe) id: string,
    @Param('aulaId', NotFoundUuidPipe) aulaId: string,
    @Param('versao', new ZodValidationPipe(versaoParam)) versao: number,
  ) {
    return this.aulas.restore(user.id, id, aulaId, versao);
  }

  /** The plan's .docx. One export in flight per user (429 while another is), freed when its job ends. */
  @Get(':id/export')
  async export(@CurrentUser() user: PublicUser, @Param('id', NotFoundUuidPipe) id: string, @Res() res: Response): Promise<void> {
    sendDocument(res, await this.exports.export(user.id, id));
  }
}
