import { Controller, Get, UseGuards } from '@nestjs/common';
import type { PublicUser, UserStats } from '@planejador/contracts';
import { UsersRepository } from '@planejador/db';
import { AuthenticatedGuard, CurrentUser } from '../auth/guards';

@Controller('api/user')
@UseGuards(AuthenticatedGuard)
export class StatsController {
  constructor(private readonly users: UsersRepository) {}

  /** Counts in one round trip; 'Este Mês' is the plans created since the start of the month (São Paulo time). */
  @Get('stats')
  async stats(@CurrentUser() user: PublicUser): Promise<UserStats> {
    return this.users.userStats(user.id);
  }
}
