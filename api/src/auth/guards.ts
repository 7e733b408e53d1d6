import {
  CanActivate,
  ExecutionContext,
  ForbiddenException,
  Inject,
  Injectable,
  UnauthorizedException,
  createParamDecorator,
} from '@nestjs/common';
import type { Request, Response } from 'express';
import { loginSchema, MSG, type PublicUser } from '@planejador/contracts';
import type { Settings } from '@planejador/config';
import { emailClientKey, requestClientKey } from '../core/client-address';
import { RateLimitService } from '../core/rate-limit.service';
import { SETTINGS } from '../core/tokens';
import { ProgressGateway } from '../realtime/progress.gateway';
import { ApiPassport, logIn } from './passport';
import { SessionUsers } from './session-users';

/**
 * Validates the body and applies the login limits, then checks the credentials with this api's passport-local
 * and logs in. Failures are counted per (e-mail, client address) with growing delays, and every attempt per
 * address: a stranger slows down only their own tries at an account, never the owner's from elsewhere. IPv6
 * clients count by their /64.
 */
@Injectable()
export class LoginGuard implements CanActivate {
  constructor(
    private readonly rateLimit: RateLimitService,
    private readonly passport: ApiPassport,
    private readonly realtime: ProgressGateway,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<Request>();
    const body = loginSchema.parse(req.body ?? {});
    req.body = body;
    const client = requestClientKey(req);
    const pair = emailClientKey(body.email, client);
    await this.rateLimit.hit('login-ip', client, this.settings.RATE_LIMIT_LOGIN * 3);
    await this.rateLimit.assertNotBlocked('login-fail', pair);
    let user: PublicUser;
    try {
      user = await this.passport.checkCredentials(req, context.switchToHttp().getResponse<Response>());
    } catch (err) {
      if (err instanceof UnauthorizedException) await this.rateLimit.recordFailure('login-fail', pair, this.settings.RATE_LIMIT_LOGIN);
      throw err;
    }
    await this.rateLimit.reset('login-fail', pair);
    const replaced = await logIn(req, user);
    // The session this sign-in replaced has ended: so has its live progress.
    if (replaced) this.realtime.disconnectSession(replaced);
    return true;
  }
}

@Injectable()
export class AuthenticatedGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const req = context.switchToHttp().getRequest<Request>();
    if (!req.isAuthenticated?.() || !req.user) throw new UnauthorizedException({ message: MSG.unauthorized });
    return true;
  }
}

/** Admins only, by the role PostgreSQL has now (a role change counts from the next request, on every process). */
@Injectable()
export class AdminGuard implements CanActivate {
  constructor(private readonly sessionUsers: SessionUsers) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<Request>();
    const user = await this.sessionUsers.current(req);
    if (!user) throw new UnauthorizedException({ message: MSG.unauthorized });
    if (user.role !== 'admin') throw new ForbiddenException({ message: MSG.forbidden });
    return true;
  }
}

export const CurrentUser = createParamDecorator((_: unknown, ctx: ExecutionContext): PublicUser => {
  return ctx.switchToHttp().getRequest<Request>().user as PublicUser;
});
