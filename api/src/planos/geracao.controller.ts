import { Controller, Get, Inject, UseGuards } from '@nestjs/common';
import type { GeracaoInfo } from '@planejador/contracts';
import type { Settings } from '@planejador/config';
import { AuthenticatedGuard } from '../auth/guards';
import { SETTINGS } from '../core/tokens';

/** Who writes the lessons, so no page claims an AI is writing when the offline drafter is. */
@Controller('api/geracao')
@UseGuards(AuthenticatedGuard)
export class GeracaoController {
  constructor(@Inject(SETTINGS) private readonly settings: Settings) {}

  @Get()
  info(): GeracaoInfo {
    return { generator: this.settings.OPENAI_API_KEY?.trim() ? 'openai' : 'offline' };
  }
}
