import { Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { AuthController } from './auth.controller';
import { LocalStrategy } from './local.strategy';
import { PasswordResetService } from './password-reset.service';
import { SessionSerializer } from './session.serializer';
import { UsersService } from './users.service';

@Module({
  imports: [PassportModule.register({ session: true })],
  controllers: [AuthController],
  providers: [UsersService, LocalStrategy, SessionSerializer, PasswordResetService],
  exports: [UsersService],
})
export class AuthModule {}
