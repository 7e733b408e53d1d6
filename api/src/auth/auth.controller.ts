import { BadRequestException, Body, Controller, Get, HttpCode, Inject, Logger, Post, Req, Res, UnauthorizedException, UseGuards } from '@nestjs/common';
import type { Request, Response } from 'express';
import {
  forgotPasswordSchema,
  MSG,
  registerSchema,
  SIGNED_OUT_OK_HEADER,
  resetPasswordSchema,
  validateResetTokenSchema,
  verifyEmailSchema,
  type PublicUser,
} from '@planejador/contracts';
import { toPublicUser } from '@planejador/db';
import type { Settings } from '@planejador/config';
import { ZodValidationPipe } from '../core/zod-validation.pipe';
import { emailClientKey, requestClientKey } from '../core/client-address';
import { RateLimitService } from '../core/rate-limit.service';
import { SETTINGS } from '../core/tokens';
import { ProgressGateway } from '../realtime/progress.gateway';
import { DeviceCookies } from './device-cookie';
import { EmailVerificationService } from './email-verification.service';
import { AuthenticatedGuard, LoginGuard } from './guards';
import { logIn } from './passport';
import { PasswordResetService } from './password-reset.service';
import { SessionUsers } from './session-users';
import { UsersService } from './users.service';

@Controller('api')
export class AuthController {
  private readonly logger = new Logger(AuthController.name);

  constructor(
    private readonly users: UsersService,
    private readonly resets: PasswordResetService,
    private readonly verification: EmailVerificationService,
    private readonly realtime: ProgressGateway,
    private readonly rateLimit: RateLimitService,
    private readonly sessionUsers: SessionUsers,
    private readonly devices: DeviceCookies,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {}

  /**
   * The signed-in user as PostgreSQL has it now (credits and role current, whatever the session cache holds).
   * Signed out: 401, or 200 with no body when the request says signed out is an answer (SIGNED_OUT_OK_HEADER).
   */
  @Get('auth/user')
  async current(@Req() req: Request): Promise<PublicUser | null> {
    const user = await this.sessionUsers.current(req);
    if (user) return user;
    if (req.get(SIGNED_OUT_OK_HEADER) === '1') return null;
    throw new UnauthorizedException({ message: MSG.unauthorized });
  }

  @Post('login')
  @HttpCode(200)
  @UseGuards(LoginGuard)
  login(@Req() req: Request): PublicUser {
    return req.user as PublicUser;
  }

  @Post('register')
  @HttpCode(201)
  async register(
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
    @Body(new ZodValidationPipe(registerSchema)) body: ReturnType<typeof registerSchema.parse>,
  ) {
    await this.rateLimit.hit('register-ip', requestClientKey(req), this.settings.RATE_LIMIT_LOGIN * 3);
    const user = toPublicUser(await this.users.register(body));
    const replaced = await logIn(req, user);
    this.devices.give(req, res, user.email);
    if (replaced) this.realtime.disconnectSession(replaced);
    // The account exists either way: if the link cannot be queued now, the dashboard's resend can.
    await this.verification.send(user).catch((err: Error) => this.logger.warn({ err: err.message }, 'confirmation e-mail not queued'));
    return user;
  }

  /** Confirms the address from the e-mailed link (signed in or not: the link may open in another browser). */
  @Post('auth/verify-email')
  @HttpCode(200)
  async verifyEmail(@Req() req: Request, @Body(new ZodValidationPipe(verifyEmailSchema)) body: { token: string }) {
    await this.rateLimit.hit('verify-ip', requestClientKey(req), 60);
    await this.verification.verify(body.token);
    return { message: MSG.verifyEmailSuccess };
  }

  /** Sends a new confirmation link (the dashboard's "Reenviar e-mail"), a few times per hour at most. */
  @Post('auth/resend-verification')
  @HttpCode(200)
  @UseGuards(AuthenticatedGuard)
  async resendVerification(@Req() req: Request) {
    const user = await this.sessionUsers.current(req);
    if (!user) throw new UnauthorizedException({ message: MSG.unauthorized });
    if (user.emailVerificado) return { message: MSG.verifyEmailAlready };
    await this.rateLimit.hit('verify-resend', user.id, 3, 3600);
    await this.verification.send(user);
    return { message: MSG.verifyEmailSent };
  }

  @Post('logout')
  @HttpCode(204)
  async logout(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<void> {
    // passport's logout gives the session a new id: the sockets were opened with this one.
    const sessionId = req.sessionID;
    await new Promise<void>((resolve) => req.logout(() => resolve()));
    await new Promise<void>((resolve) => (req.session ? req.session.destroy(() => resolve()) : resolve()));
    res.clearCookie('planejador.sid', { path: '/' });
    // Live progress stops with the session: this session's sockets close, in every api process (the user's other
    // devices keep theirs).
    if (sessionId) this.realtime.disconnectSession(sessionId);
  }

  /**
   * Counted per (e-mail, client address) and per address, as the login is (IPv6 by its /64): a stranger who asks
   * for someone's reset again and again holds back only their own requests, never the owner's from elsewhere.
   */
  @Post('auth/forgot-password')
  @HttpCode(200)
  async forgotPassword(@Req() req: Request, @Body(new ZodValidationPipe(forgotPasswordSchema)) body: { email: string }) {
    const client = requestClientKey(req);
    await this.rateLimit.hit('forgot-ip', client, this.settings.RATE_LIMIT_FORGOT * 3);
    await this.rateLimit.hit('forgot', emailClientKey(body.email, client), this.settings.RATE_LIMIT_FORGOT);
    await this.resets.request(body.email);
    return { message: MSG.forgotPasswordSent };
  }

  @Post('auth/validate-reset-token')
  @HttpCode(200)
  async validateResetToken(@Req() req: Request, @Body(new ZodValidationPipe(validateResetTokenSchema)) body: { token: string }) {
    await this.rateLimit.hit('reset-ip', requestClientKey(req), 60);
    if (!(await this.resets.isValid(body.token))) {
      throw new BadRequestException({ message: MSG.resetTokenInvalid });
    }
    return { valid: true };
  }

  @Post('auth/reset-password')
  @HttpCode(200)
  async resetPassword(@Req() req: Request, @Body(new ZodValidationPipe(resetPasswordSchema)) body: { token: string; newPassword: string }) {
    await this.rateLimit.hit('reset-ip', requestClientKey(req), 60);
    await this.resets.reset(body.token, body.newPassword);
    return { message: MSG.resetSuccess };
  }
}
