import { EntityManager } from '@mikro-orm/postgresql';
import { Controller, Get, UseGuards } from '@nestjs/common';
import type { PublicUser, UserStats } from '@planejador/contracts';
import { AuthenticatedGuard, CurrentUser } from '../auth/guards';

@Controller('api/user')
@UseGuards(AuthenticatedGuard)
export class StatsController {
  constructor(private readonly em: EntityManager) {}

  /** Counts in one round trip; 'Este Mês' is the plans created since the start of the month (São Paulo time). */
  @Get('stats')
  async stats(@CurrentUser() user: PublicUser): Promise<UserStats> {
    const [row] = await this.em.fork().getConnection().execute<
      { turmas: string; planos: string; aulas: string; mes_atual: string }[]
    >(
      `select
         (select count(*) from turmas where user_id = ?) as turmas,
         (select count(*) from planos_aula where user_id = ?) as planos,
         (select count(*) from aulas a join planos_aula p on p.id = a.plano_id where p.user_id = ?) as aulas,
         (select count(*) from planos_aula where user_id = ?
            and created_at >= (date_trunc('month', now() at time zone 'America/Sao_Paulo') at time zone 'America/Sao_Paulo')) as mes_atual`,
      [user.id, user.id, user.id, user.id],
    );
    return { turmas: Number(row.turmas), planos: Number(row.planos), aulas: Number(row.aulas), mesAtual: Number(row.mes_atual) };
  }
}
