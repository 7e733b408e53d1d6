import { EntityManager } from '@mikro-orm/postgresql';
import { Controller, Get, UseGuards } from '@nestjs/common';
import type { PublicUser, UserStats } from '@planejador/contracts';
import { userStats } from '@planejador/db';
import { AuthenticatedGuard, CurrentUser } from '../auth/guards';

@Controller('api/user')
@UseGuards(AuthenticatedGuard)
export class StatsController {
  constructor(private readonly em: EntityManager) {}

  /** Counts in one round trip; 'Este Mês' is the plans created since the start of the month (São Paulo time). */
  @Get('stats')
  async stats(@CurrentUser() user: PublicUser): Promise<UserStats> {
    return userStats(this.em.fork(), user.id);
  }
}
