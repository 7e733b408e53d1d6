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
import { DeviceCookies } from './device-cookie';
import { ApiPassport, logIn } from './passport';
import { SessionUsers } from './session-users';

/**
 * Validates the body and applies the login limits, then checks the credentials with this api's passport-local
 * and logs in. Failures are counted per (e-mail, client address) with growing delays: a stranger slows down only
 * their own tries at an account, never the owner's from elsewhere. Per address, failures only are counted (each
 * try is counted when it starts, so tries at once cannot overrun the limit, and given back when it signs in): a
 * school or a carrier puts hundreds of people behind one address. A browser that signed in to the account before
 * (its device cookie, see DeviceCookies) is not held by the per-address limit, and its failures count per device,
 * so a stranger's failed tries at the same address do not stop the owner. IPv6 clients count by their /64.
 */
@Injectable()
export class LoginGuard implements CanActivate {
  constructor(
    private readonly rateLimit: RateLimitService,
    private readonly passport: ApiPassport,
    private readonly realtime: ProgressGateway,
    private readonly devices: DeviceCookies,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    const req = http.getRequest<Request>();
    const res = http.getResponse<Response>();
    const body = loginSchema.parse(req.body ?? {});
    req.body = body;
    const client = requestClientKey(req);
    const device = this.devices.recognized(req, body.email);
    const pair = device ? `${body.email}|device:${device}` : emailClientKey(body.email, client);
    if (!device) await this.rateLimit.hit('login-ip', client, this.settings.RATE_LIMIT_LOGIN * 3);
    let user: PublicUser;
    try {
      await this.rateLimit.assertNotBlocked('login-fail', pair);
      user = await this.passport.checkCredentials(req, res);
    } catch (err) {
      if (err instanceof UnauthorizedException) await this.rateLimit.recordFailure('login-fail', pair, this.settings.RATE_LIMIT_LOGIN);
      else if (!device) await this.rateLimit.giveBack('login-ip', client); // held back, not a failed try
      throw err;
    }
    if (!device) await this.rateLimit.giveBack('login-ip', client);
    await this.rateLimit.reset('login-fail', pair);
    const replaced = await logIn(req, user);
    this.devices.give(req, res, body.email);
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
