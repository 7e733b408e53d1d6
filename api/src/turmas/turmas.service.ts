import { EntityManager } from '@mikro-orm/postgresql';
import { ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { Pool } from 'pg';
import { LIMITS, MSG, type Turma as TurmaDto, type TurmaData } from '@planejador/contracts';
import { countPlanosByTurma, countTurmas, deleteTurma, findOwnedTurma, insertTurma, listTurmas, lockUserTurmas, toTurmaDto, updateTurma, type Turma } from '@planejador/db';
import { PG_POOL } from '../core/tokens';

@Injectable()
export class TurmasService {
  constructor(
    private readonly em: EntityManager,
    @Inject(PG_POOL) private readonly pool: Pool,
  ) {}

  /**
   * One prepared query (classes with their plan counts, no entity hydration) straight on the pool: the list is
   * read on almost every page.
   */
  async list(userId: string): Promise<TurmaDto[]> {
    return listTurmas(this.pool, userId);
  }

  async create(userId: string, data: TurmaData): Promise<TurmaDto> {
    const turma = await this.em.fork().transactional(async (tx) => {
      await this.checkLimits(tx, userId, data, null);
      return insertTurma(tx, userId, data);
    });
    return toTurmaDto(turma, 0);
  }

  async update(userId: string, id: string, data: TurmaData): Promise<TurmaDto> {
    const em = this.em.fork();
    const turma = await em.transactional(async (tx) => {
      const owned = await this.owned(tx, userId, id);
      await this.checkLimits(tx, userId, data, id);
      await updateTurma(tx, owned, data);
      return owned;
    });
    const counts = await countPlanosByTurma(em, [turma.id]);
    return toTurmaDto(turma, counts.get(turma.id) ?? 0);
  }

  /**
   * At most LIMITS.turmasMax classes per user, and one class per (school, number): school compared without case
   * or surrounding spaces. Serialised per user (a transaction-scoped advisory lock), so concurrent requests
   * cannot both pass. `exceptId`: the class being edited.
   */
  private async checkLimits(tx: EntityManager, userId: string, data: TurmaData, exceptId: string | null): Promise<void> {
    await lockUserTurmas(tx, userId);
    const row = await countTurmas(tx, userId, data, exceptId);
    if (row.same > 0) throw new ConflictException({ message: MSG.turmaDuplicate(data.numero.trim(), data.escola.trim()) });
    if (exceptId === null && row.total >= LIMITS.turmasMax) throw new ConflictException({ message: MSG.turmasLimit });
  }

  async remove(userId: string, id: string): Promise<void> {
    if (!(await deleteTurma(this.em.fork(), userId, id))) throw new NotFoundException({ message: MSG.turmaNotFound });
  }

  /** Another user's class answers exactly like a missing one. */
  async owned(em: EntityManager, userId: string, id: string): Promise<Turma> {
    const turma = await findOwnedTurma(em, userId, id);
    if (!turma) throw new NotFoundException({ message: MSG.turmaNotFound });
    return turma;
  }
}
