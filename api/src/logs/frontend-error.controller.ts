import { Body, Controller, HttpCode, Logger, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import { frontendErrorSchema, type FrontendErrorInput, type PublicUser } from '@planejador/contracts';
import { ReportsRepository } from '@planejador/db';
import { requestClientKey } from '../core/client-address';
import { RateLimitService } from '../core/rate-limit.service';
import { ZodValidationPipe } from '../core/zod-validation.pipe';

/** Errors caught by the web's error screen: stored and rate-limited (signed in or not). */
@Controller('api/logs')
export class FrontendErrorController {
  private readonly logger = new Logger('FrontendError');

  constructor(
    private readonly reports: ReportsRepository,
    private readonly rateLimit: RateLimitService,
  ) {}

  @Post('frontend-error')
  @HttpCode(201)
  async create(@Req() req: Request, @Body(new ZodValidationPipe(frontendErrorSchema)) body: FrontendErrorInput) {
    await this.rateLimit.hit('frontend-error', requestClientKey(req), 30, 600);
    const user = req.user as PublicUser | undefined;
    const record = {
      userId: user?.id ?? null,
      message: storable(body.message ?? ''),
      stack: body.stack ? storable(body.stack) : null,
      componentStack: body.componentStack ? storable(body.componentStack) : null,
      timestamp: body.timestamp ?? null,
      url: body.url ? storable(body.url) : null,
      userAgent: body.userAgent ? storable(body.userAgent) : null,
    };
    const id = await this.reports.insertFrontendError(record);
    this.logger.warn({ id, userId: user?.id, url: record.url, message: record.message.slice(0, 200) }, 'frontend error');
    // Sentry gets the browser's errors from the page itself (@sentry/react, with their stacks), not from here.
    return { id };
  }
}

/** What is stored of one field at most, in UTF-8 bytes. */
export const FIELD_MAX_BYTES = 8 * 1024;

/** A reported text as it is stored: cut to FIELD_MAX_BYTES (whole characters), then without tokens (scrubTokens). */
export function storable(text: string): string {
  return scrubTokens(truncateUtf8(text, FIELD_MAX_BYTES));
}

/** The longest start of `text` that takes at most `maxBytes` in UTF-8, never half a character. */
export function truncateUtf8(text: string, maxBytes: number): string {
  if (text.length * 3 <= maxBytes) return text;
  const { read } = new TextEncoder().encodeInto(text, new Uint8Array(maxBytes));
  return text.slice(0, read);
}

// Where a word (a URL, a path) ends: whitespace, quotes, angle brackets and parentheses.
const WORD_END = /[\s"'<>()]/;
// Any `token=` or `code=` (access_token=, ?code=, ...) and its value, up to the next separator.
const TOKEN_VALUES = /(token|code)=[^\s&#;"'<>()]*/gi;

/**
 * The text without secrets a URL may carry, in one pass (linear time, whatever the input: no backtracking): the
 * query string and fragment of every word that holds a `/` (absolute URLs and paths, relative ones such as
 * `app/reset-password?token=...` included) are dropped, and any `token=` or `code=` value left elsewhere is
 * removed. So /reset-password?token=... or /verificar-email?token=... never leave their token in the stored log
 * (nor in the api's log).
 */
export function scrubTokens(text: string): string {
  let out = '';
  let kept = 0; // text[kept, i) is still to be copied
  let wordHasSlash = false;
  let dropping = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (WORD_END.test(c)) {
      if (dropping) kept = i;
      wordHasSlash = false;
      dropping = false;
    } else if (dropping) {
      continue;
    } else if ((c === '?' || c === '#') && wordHasSlash) {
      out += text.slice(kept, i);
      dropping = true;
    } else if (c === '/') {
      wordHasSlash = true;
    }
  }
  if (!dropping) out += text.slice(kept);
  return out.replace(TOKEN_VALUES, '$1=');
}
