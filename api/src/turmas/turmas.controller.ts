import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, UseGuards } from '@nestjs/common';
import { turmaSchema, turmaUpdateSchema, type PublicUser, type TurmaData, type TurmaUpdateData } from '@planejador/contracts';
import { AuthenticatedGuard, CurrentUser } from '../auth/guards';
import { NotFoundUuidPipe } from '../core/not-found-uuid.pipe';
import { ZodValidationPipe } from '../core/zod-validation.pipe';
import { CoberturaService } from './cobertura.service';
import { TurmasService } from './turmas.service';

@Controller('api/turmas')
@UseGuards(AuthenticatedGuard)
export class TurmasController {
  constructor(
    private readonly turmas: TurmasService,
    private readonly coverage: CoberturaService,
  ) {}

  @Get()
  list(@CurrentUser() user: PublicUser) {
    return this.turmas.list(user.id);
  }

  /** Every class with each subject's share of covered skills (the class cards' bars), in one request. */
  @Get('cobertura')
  coberturaResumo(@CurrentUser() user: PublicUser) {
    return this.coverage.resumo(user.id);
  }

  @Post()
  @HttpCode(201)
  create(@CurrentUser() user: PublicUser, @Body(new ZodValidationPipe(turmaSchema)) body: TurmaData) {
    return this.turmas.create(user.id, body);
  }

  @Put(':id')
  update(
    @CurrentUser() user: PublicUser,
    @Param('id', NotFoundUuidPipe) id: string,
    @Body(new ZodValidationPipe(turmaUpdateSchema)) body: TurmaUpdateData,
  ) {
    return this.turmas.update(user.id, id, body);
  }

  /** Which skills of the class's year its finished plans cover, per subject, with their trimestres and plans. */
  @Get(':id/cobertura')
  cobertura(@CurrentUser() user: PublicUser, @Param('id', NotFoundUuidPipe) id: string) {
    return this.coverage.cobertura(user.id, id);
  }

  @Delete(':id')
  @HttpCode(204)
  async remove(@CurrentUser() user: PublicUser, @Param('id', NotFoundUuidPipe) id: string): Promise<void> {
    await this.turmas.remove(user.id, id);
  }
}
