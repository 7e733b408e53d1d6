import { BadRequestException, Body, Controller, Get, HttpCode, Inject, Post, Req, Res, UnauthorizedException, UseGuards } from '@nestjs/common';
import type { Request, Response } from 'express';
import {
  forgotPasswordSchema,
  MSG,
  registerSchema,
  resetPasswordSchema,
  validateResetTokenSchema,
  type PublicUser,
} from '@planejador/contracts';
import { toPublicUser } from '@planejador/db';
import type { Settings } from '@planejador/config';
import { ZodValidationPipe } from '../core/zod-validation.pipe';
import { RateLimitService } from '../core/rate-limit.service';
import { SETTINGS } from '../core/tokens';
import { LoginGuard } from './guards';
import { PasswordResetService } from './password-reset.service';
import { UsersService } from './users.service';

function logIn(req: Request, user: PublicUser): Promise<void> {
  return new Promise((resolve, reject) => req.logIn(user, (err) => (err ? reject(err) : resolve())));
}

@Controller('api')
export class AuthController {
  constructor(
    private readonly users: UsersService,
    private readonly resets: PasswordResetService,
    private readonly rateLimit: RateLimitService,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {}

  @Get('auth/user')
  current(@Req() req: Request): PublicUser {
    if (!req.isAuthenticated() || !req.user) throw new UnauthorizedException({ message: MSG.unauthorized });
    return req.user as PublicUser;
  }

  @Post('login')
  @HttpCode(200)
  @UseGuards(LoginGuard)
  login(@Req() req: Request): PublicUser {
    return req.user as PublicUser;
  }

  @Post('register')
  @HttpCode(201)
  async register(@Req() req: Request, @Body(new ZodValidationPipe(registerSchema)) body: ReturnType<typeof registerSchema.parse>) {
    await this.rateLimit.hit('register-ip', req.ip ?? 'unknown', this.settings.RATE_LIMIT_LOGIN * 3);
    const user = toPublicUser(await this.users.register(body));
    await logIn(req, user);
    return user;
  }

  @Post('logout')
  @HttpCode(204)
  async logout(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<void> {
    await new Promise<void>((resolve) => req.logout(() => resolve()));
    await new Promise<void>((resolve) => (req.session ? req.session.destroy(() => resolve()) : resolve()));
    res.clearCookie('planejador.sid', { path: '/' });
  }

  @Post('auth/forgot-password')
  @HttpCode(200)
  async forgotPassword(@Req() req: Request, @Body(new ZodValidationPipe(forgotPasswordSchema)) body: { email: string }) {
    await this.rateLimit.hit('forgot-ip', req.ip ?? 'unknown', this.settings.RATE_LIMIT_FORGOT * 3);
    await this.rateLimit.hit('forgot', body.email, this.settings.RATE_LIMIT_FORGOT);
    await this.resets.request(body.email);
    return { message: MSG.forgotPasswordSent };
  }

  @Post('auth/validate-reset-token')
  @HttpCode(200)
  async validateResetToken(@Req() req: Request, @Body(new ZodValidationPipe(validateResetTokenSchema)) body: { token: string }) {
    await this.rateLimit.hit('reset-ip', req.ip ?? 'unknown', 60);
    if (!(await this.resets.isValid(body.token))) {
      throw new BadRequestException({ message: MSG.resetTokenInvalid });
    }
    return { valid: true };
  }

  @Post('auth/reset-password')
  @HttpCode(200)
  async resetPassword(@Req() req: Request, @Body(new ZodValidationPipe(resetPasswordSchema)) body: { token: string; newPassword: string }) {
    await this.rateLimit.hit('reset-ip', req.ip ?? 'unknown', 60);
    await this.resets.reset(body.token, body.newPassword);
    return { message: MSG.resetSuccess };
  }
}
