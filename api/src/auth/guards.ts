import {
  CanActivate,
  ExecutionContext,
  ForbiddenException,
  Inject,
  Injectable,
  UnauthorizedException,
  createParamDecorator,
} from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import type { Request } from 'express';
import { loginSchema, MSG, type PublicUser } from '@planejador/contracts';
import type { Settings } from '@planejador/config';
import { RateLimitService } from '../core/rate-limit.service';
import { SETTINGS } from '../core/tokens';

/** Validates the body, applies the login rate limit, then lets passport-local check and log in. */
@Injectable()
export class LoginGuard extends AuthGuard('local') {
  constructor(
    private readonly rateLimit: RateLimitService,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<Request>();
    const body = loginSchema.parse(req.body ?? {});
    req.body = body;
    await this.rateLimit.hit('login-ip', req.ip ?? 'unknown', this.settings.RATE_LIMIT_LOGIN * 3);
    await this.rateLimit.hit('login', body.email, this.settings.RATE_LIMIT_LOGIN);
    const ok = (await super.canActivate(context)) as boolean;
    // passport regenerates the session id here (session fixation).
    await super.logIn(req);
    return ok;
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

@Injectable()
export class AdminGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const req = context.switchToHttp().getRequest<Request>();
    const user = req.user as PublicUser | undefined;
    if (!req.isAuthenticated?.() || !user) throw new UnauthorizedException({ message: MSG.unauthorized });
    if (user.role !== 'admin') throw new ForbiddenException({ message: MSG.forbidden });
    return true;
  }
}

export const CurrentUser = createParamDecorator((_: unknown, ctx: ExecutionContext): PublicUser => {
  return ctx.switchToHttp().getRequest<Request>().user as PublicUser;
});
