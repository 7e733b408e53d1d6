import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { Pool } from 'pg';
import { MSG, type Turma as TurmaDto, type TurmaData } from '@planejador/contracts';
import { toTurmaDto, Turma } from '@planejador/db';
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
    const { rows } = await this.pool.query<{
      id: string; nome_professor: string; numero: string; escola: string; ano: string; estado: string; instituicao: string;
      observacoes_adicionais: string | null; user_id: string; created_at: Date; updated_at: Date; planos: number;
    }>({
      name: 'turmas-list',
      text: `select t.id, t.nome_professor, t.numero, t.escola, t.ano, t.estado, t.instituicao, t.observacoes_adicionais,
                    t.user_id, t.created_at, t.updated_at,
                    (select count(*)::int from planos_aula p where p.turma_id = t.id) as planos
               from turmas t where t.user_id = $1 order by t.created_at desc, t.id`,
      values: [userId],
    });
    return rows.map((t) => ({
      id: t.id,
      nomeProfessor: t.nome_professor,
      numero: t.numero,
      escola: t.escola,
      ano: t.ano,
      estado: t.estado,
      instituicao: t.instituicao,
      observacoesAdicionais: t.observacoes_adicionais,
      userId: t.user_id,
      createdAt: new Date(t.created_at).toISOString(),
      updatedAt: new Date(t.updated_at).toISOString(),
      _count: { planosAula: t.planos },
    }));
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
