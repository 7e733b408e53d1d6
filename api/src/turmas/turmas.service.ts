import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, NotFoundException } from '@nestjs/common';
import { MSG, type Turma as TurmaDto, type TurmaData } from '@planejador/contracts';
import { toTurmaDto, Turma } from '@planejador/db';

@Injectable()
export class TurmasService {
  constructor(private readonly em: EntityManager) {}

  async list(userId: string): Promise<TurmaDto[]> {
    const em = this.em.fork();
    const turmas = await em.find(Turma, { user: userId }, { orderBy: { createdAt: 'desc', id: 'asc' } });
    const counts = await this.planCounts(em, turmas.map((t) => t.id));
    return turmas.map((t) => toTurmaDto(t, counts.get(t.id) ?? 0));
  }

  async create(userId: string, data: TurmaData): Promise<TurmaDto> {
    const em = this.em.fork();
    const turma = em.create(Turma, { ...data, user: userId });
    await em.flush();
    return toTurmaDto(turma, 0);
  }

  async update(userId: string, id: string, data: TurmaData): Promise<TurmaDto> {
    const em = this.em.fork();
    const turma = await this.owned(em, userId, id);
    em.assign(turma, data);
    await em.flush();
    const counts = await this.planCounts(em, [turma.id]);
    return toTurmaDto(turma, counts.get(turma.id) ?? 0);
  }

  async remove(userId: string, id: string): Promise<void> {
    const em = this.em.fork();
    const deleted = await em.nativeDelete(Turma, { id, user: userId });
    if (!deleted) throw new NotFoundException({ message: MSG.turmaNotFound });
  }

  /** Another user's class answers exactly like a missing one. */
  async owned(em: EntityManager, userId: string, id: string): Promise<Turma> {
    const turma = await em.findOne(Turma, { id, user: userId });
    if (!turma) throw new NotFoundException({ message: MSG.turmaNotFound });
    return turma;
  }

  private async planCounts(em: EntityManager, turmaIds: string[]): Promise<Map<string, number>> {
    if (!turmaIds.length) return new Map();
    const rows = await em.execute<{ turma_id: string; count: number }[]>(
      `select turma_id, count(*)::int as count from planos_aula where turma_id in (${turmaIds.map(() => '?').join(',')}) group by turma_id`,
      turmaIds,
    );
    return new Map(rows.map((r) => [r.turma_id, Number(r.count)]));
  }
}
