import { Controller, Get, Inject } from '@nestjs/common';
import type { GeracaoInfo } from '@planejador/contracts';
import type { Settings } from '@planejador/config';
import { SETTINGS } from '../core/tokens';

/**
 * Who writes the lessons, so no page claims an AI is writing when the offline drafter is. Open to signed-out
 * visitors too (the landing and sign-in pages): it reveals only whether an AI is configured.
 */
@Controller('api/geracao')
export class GeracaoController {
  constructor(@Inject(SETTINGS) private readonly settings: Settings) {}

  @Get()
  info(): GeracaoInfo {
    return { generator: this.settings.OPENAI_API_KEY?.trim() ? 'openai' : 'offline' };
  }
}
