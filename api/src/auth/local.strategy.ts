import { Injectable, UnauthorizedException } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { Strategy } from 'passport-local';
import { MSG, type PublicUser } from '@planejador/contracts';
import { toPublicUser } from '@planejador/db';
import { UsersService } from './users.service';

@Injectable()
export class LocalStrategy extends PassportStrategy(Strategy) {
  constructor(private readonly users: UsersService) {
    super({ usernameField: 'email', passwordField: 'password' });
  }

  async validate(email: string, password: string): Promise<PublicUser> {
    const user = await this.users.verify(email.trim().toLowerCase(), password);
    if (!user) throw new UnauthorizedException({ message: MSG.invalidCredentials });
    return toPublicUser(user);
  }
}
