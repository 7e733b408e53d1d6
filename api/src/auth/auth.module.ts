import { Module } from '@nestjs/common';
import type { Redis } from 'ioredis';
import type { Settings } from '@planejador/config';
import { createRedis } from '@planejador/queue';
import { REDIS, SETTINGS } from '../core/tokens';
import { RealtimeModule } from '../realtime/realtime.module';
import { AuthController } from './auth.controller';
import { DeviceCookies } from './device-cookie';
import { EmailVerificationService } from './email-verification.service';
import { LocalStrategy } from './local.strategy';
import { ApiPassport } from './passport';
import { PasswordResetService } from './password-reset.service';
import { SessionCache } from '../fast-path/session-cache';
import { SessionUsers } from './session-users';
import { UsersService } from './users.service';

@Module({
  imports: [RealtimeModule],
  controllers: [AuthController],
  providers: [
    UsersService,
    LocalStrategy,
    ApiPassport,
    PasswordResetService,
    EmailVerificationService,
    SessionUsers,
    DeviceCookies,
    {
      // Publishes on the api's Redis connection; listens on one of its own (a subscriber can do nothing else).
      provide: SessionCache,
      inject: [SETTINGS, REDIS],
      useFactory: (settings: Settings, redis: Redis) =>
        new SessionCache(redis, createRedis(settings.REDIS_URL!, 'client'), `${settings.QUEUE_PREFIX}:sessions`),
    },
  ],
  exports: [UsersService, SessionCache, SessionUsers, ApiPassport],
})
export class AuthModule {}
