import { EntityManager } from '@mikro-orm/postgresql';
import { Body, Controller, HttpCode, Logger, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import { frontendErrorSchema, type FrontendErrorInput, type PublicUser } from '@planejador/contracts';
import { insertFrontendError } from '@planejador/db';
import { requestClientKey } from '../core/client-address';
import { RateLimitService } from '../core/rate-limit.service';
import { ZodValidationPipe } from '../core/zod-validation.pipe';

/** Errors caught by the web's error screen: stored and rate-limited (signed in or not). */
@Controller('api/logs')
export class FrontendErrorController {
  private readonly logger = new Logger('FrontendError');

  constructor(
    private readonly em: EntityManager,
    private readonly rateLimit: RateLimitService,
  ) {}

  @Post('frontend-error')
  @HttpCode(201)
  async create(@Req() req: Request, @Body(new ZodValidationPipe(frontendErrorSchema)) body: FrontendErrorInput) {
    await this.rateLimit.hit('frontend-error', requestClientKey(req), 30, 600);
    const user = req.user as PublicUser | undefined;
    const record = {
      userId: user?.id ?? null,
      message: withoutQueries(body.message ?? ''),
      stack: body.stack ? withoutQueries(body.stack) : null,
      componentStack: body.componentStack ? withoutQueries(body.componentStack) : null,
      timestamp: body.timestamp ?? null,
      url: body.url ? withoutQueries(body.url) : null,
      userAgent: body.userAgent ?? null,
    };
    const id = await insertFrontendError(this.em.fork(), record);
    this.logger.warn({ id, userId: user?.id, url: record.url, message: record.message.slice(0, 200) }, 'frontend error');
    // Sentry gets the browser's errors from the page itself (@sentry/react, with their stacks), not from here.
    return { id };
  }
}

/**
 * URLs without their query strings and fragments: a page such as /reset-password?token=... or
 * /verificar-email?token=... must not leave its token in the stored log (nor in the api's log).
 */
export function withoutQueries(text: string): string {
  return text.replace(/(\b[a-z][a-z0-9+.-]*:\/\/[^\s?#"'<>()]*|(?<![\w/])\/[^\s?#"'<>()]*)[?#][^\s"'<>()]*/gi, '$1');
}
