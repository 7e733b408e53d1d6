import { Body, Controller, Delete, Get, Headers, HttpCode, Param, Post, Put, Query, Res, UseGuards } from '@nestjs/common';
import type { Response } from 'express';
import {
  contentDisposition,
  generatePlanoSchema,
  idempotencyKeySchema,
  planosListQuerySchema,
  PLANOS_PAGE_HEADERS,
  updatePlanoSchema,
  type GeneratePlanoData,
  type GenerateResponse,
  type PlanoListItem,
  type PlanosListQueryData,
  type PublicUser,
  type UpdatePlanoData,
} from '@planejador/contracts';
import { AuthenticatedGuard, CurrentUser } from '../auth/guards';
import { NotFoundUuidPipe } from '../core/not-found-uuid.pipe';
import { ZodValidationPipe } from '../core/zod-validation.pipe';
import { ExportService } from './export.service';
import { PlanosService } from './planos.service';

@Controller('api/planos')
@UseGuards(AuthenticatedGuard)
export class PlanosController {
  constructor(
    private readonly planos: PlanosService,
    private readonly exports: ExportService,
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

  @Get(':id/export')
  async export(@CurrentUser() user: PublicUser, @Param('id', NotFoundUuidPipe) id: string, @Res() res: Response): Promise<void> {
    const { fileName, content } = await this.exports.export(user.id, id);
    res.setHeader('Content-Type', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    res.setHeader('Content-Disposition', contentDisposition(fileName));
    res.setHeader('Content-Length', String(content.length));
    res.setHeader('Cache-Control', 'private, no-store');
    res.end(content);
  }
}
