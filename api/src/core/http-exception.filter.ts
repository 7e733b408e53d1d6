import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ZodError } from 'zod';
import { isUnavailableError, reportError } from '@planejador/config';
import { MSG, type ApiErrorBody } from '@planejador/contracts';

@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('HTTP');

  catch(exception: unknown, host: ArgumentsHost): void {
    if (host.getType() !== 'http') return;
    const ctx = host.switchToHttp();
    sendError(exception, ctx.getRequest<Request>(), ctx.getResponse<Response>(), this.logger);
  }
}

/** Express error middleware (session store or passport failures before Nest's router): same answers. */
export function expressErrorHandler(logger = new Logger('HTTP')) {
  return (err: unknown, req: Request, res: Response, _next: (err?: unknown) => void) => sendError(err, req, res, logger);
}

function sendError(exception: unknown, req: Request, res: Response, logger: Logger): void {
  if (res.headersSent) return;
  const { status, body } = toResponse(exception, req, logger);
  // A rate limit says when to try again (TooManyRequestsException).
  const retryAfter = (exception as { retryAfterSeconds?: unknown } | null)?.retryAfterSeconds;
  if (status === 429 && typeof retryAfter === 'number') res.setHeader('Retry-After', String(retryAfter));
  res.status(status).json(body);
}

function toResponse(exception: unknown, req: Request, logger: Logger): { status: number; body: ApiErrorBody } {
  if (exception instanceof ZodError) {
    const issues = exception.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
    return { status: 400, body: { message: issues[0]?.message ?? MSG.validationFailed, issues } };
  }
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    const response = exception.getResponse();
    let message: string;
    let issues: ApiErrorBody['issues'];
    if (typeof response === 'string') message = response;
    else {
      const r = response as { message?: unknown; issues?: ApiErrorBody['issues'] };
      message = Array.isArray(r.message) ? String(r.message[0]) : typeof r.message === 'string' ? r.message : exception.message;
      issues = r.issues;
    }
    if (status === HttpStatus.NOT_FOUND && /^Cannot (GET|POST|PUT|DELETE|PATCH)/.test(message)) message = MSG.notFound;
    // A path parameter that is not valid percent-encoding names nothing (Express's English message echoes it).
    if (status === 400 && /^Failed to decode param/.test(message)) return { status: 404, body: { message: MSG.notFound } };
    if (status === 413) message = 'Conteúdo muito grande.';
    if (status === 400 && /JSON|Unexpected token|Bad control/i.test(message)) message = 'Corpo da requisição inválido (JSON malformado).';
    return { status, body: issues ? { message, issues } : { message } };
  }
  const maybeStatus = (exception as { status?: number; statusCode?: number; type?: string } | null) ?? {};
  // body-parser errors (malformed JSON, too large, bad charset) carry their own 4xx status.
  const bpStatus = maybeStatus.statusCode ?? maybeStatus.status;
  if (typeof bpStatus === 'number' && bpStatus >= 400 && bpStatus < 500) {
    const message = bpStatus === 413 ? 'Conteúdo muito grande.' : 'Corpo da requisição inválido (JSON malformado).';
    return { status: bpStatus, body: { message } };
  }
  if (isUnavailableError(exception)) {
    logger.warn({ err: describe(exception), path: req.path }, 'dependency unavailable');
    return { status: 503, body: { message: MSG.serviceUnavailable } };
  }
  logger.error({ err: describe(exception), path: req.path, method: req.method }, 'unhandled error');
  reportError(exception, { path: req.route?.path ?? req.path, method: req.method });
  return { status: 500, body: { message: MSG.internalError } };
}

function describe(err: unknown) {
  if (err instanceof Error) return { name: err.name, message: err.message, stack: err.stack };
  return { value: String(err) };
}
