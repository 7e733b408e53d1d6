import { Body, Controller, Get, Put, Query, UseGuards } from '@nestjs/common';
import { calendarioQuerySchema, putCalendarioSchema, type PublicUser, type PutCalendarioData } from '@planejador/contracts';
import type { z } from 'zod';
import { AuthenticatedGuard, CurrentUser } from '../auth/guards';
import { ZodValidationPipe } from '../core/zod-validation.pipe';
import { CalendarioService } from './calendario.service';

@Controller('api/calendario')
@UseGuards(AuthenticatedGuard)
export class CalendarioController {
  constructor(private readonly calendario: CalendarioService) {}

  /** The teacher's calendar for a year (default: this year): her dates, the network's, or provisional ones. */
  @Get()
  get(@CurrentUser() user: PublicUser, @Query(new ZodValidationPipe(calendarioQuerySchema)) query: z.output<typeof calendarioQuerySchema>) {
    return this.calendario.get(user.id, query.ano);
  }

  /** Saves the teacher's own dates for a year; her plans whose trimestre was derived follow them. */
  @Put()
  put(@CurrentUser() user: PublicUser, @Body(new ZodValidationPipe(putCalendarioSchema)) body: PutCalendarioData) {
    return this.calendario.put(user.id, body);
  }
}
