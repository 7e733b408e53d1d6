import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, UseGuards } from '@nestjs/common';
import { turmaSchema, type PublicUser, type TurmaData } from '@planejador/contracts';
import { AuthenticatedGuard, CurrentUser } from '../auth/guards';
import { NotFoundUuidPipe } from '../core/not-found-uuid.pipe';
import { ZodValidationPipe } from '../core/zod-validation.pipe';
import { TurmasService } from './turmas.service';

@Controller('api/turmas')
@UseGuards(AuthenticatedGuard)
export class TurmasController {
  constructor(private readonly turmas: TurmasService) {}

  @Get()
  list(@CurrentUser() user: PublicUser) {
    return this.turmas.list(user.id);
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
    @Body(new ZodValidationPipe(turmaSchema)) body: TurmaData,
  ) {
    return this.turmas.update(user.id, id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  async remove(@CurrentUser() user: PublicUser, @Param('id', NotFoundUuidPipe) id: string): Promise<void> {
    await this.turmas.remove(user.id, id);
  }
}
