import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { ConflictException, HttpException, HttpStatus, Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import {
  MSG,
  normalizeStatus,
  type GeneratePlanoData,
  type Plano,
  type PlanoListItem,
  type UpdatePlanoData,
} from '@planejador/contracts';
import { Aula, PlanoAula, toPlanoDto } from '@planejador/db';
import { JobProducer, jobIds } from '@planejador/queue';
import type { Settings } from '@planejador/config';
import { JOB_PRODUCER, SETTINGS } from '../core/tokens';

@Injectable()
export class PlanosService {
  private readonly logger = new Logger(PlanosService.name);

  constructor(
    private readonly em: EntityManager,
    @Inject(JOB_PRODUCER) private readonly producer: JobProducer,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {}

  /**
   * Takes one credit and stores the plan and its lessons in one transaction, then enqueues the job.
   * The credit update is conditional (credits >= 1), so concurrent requests never go below zero;
   * the (user, Idempotency-Key) unique index makes a repeated request return the same plan.
   */
  async generate(userId: string, data: GeneratePlanoData, idempotencyKey: string | null): Promise<{ id: string; created: boolean }> {
    if (idempotencyKey) {
      const existing = await this.findByIdempotencyKey(userId, idempotencyKey);
      if (existing) return { id: existing, created: false };
    }
    let planId: string;
    try {
      planId = await this.em.fork().transactional(async (tx) => {
        const turma = await tx.execute<{ id: string }[]>(`select id from turmas where id = ? and user_id = ?`, [data.turmaId, userId]);
        if (!turma.length) throw new NotFoundException({ message: MSG.turmaNotFound });
        const charged = await tx.execute<{ credits: number }[]>(
          `update users set credits = credits - 1, updated_at = now() where id = ? and credits >= 1 returning credits`,
          [userId],
        );
        if (!charged.length) {
          throw new HttpException({ message: MSG.insufficientCredits }, HttpStatus.PAYMENT_REQUIRED);
        }
        const plano = tx.create(PlanoAula, {
          temaPrincipal: data.temaPrincipal,
          materiaGeral: data.materiaGeral,
          turma: data.turmaId,
          user: userId,
          limitOneSkill: data.limitOneSkill,
          preferirSeduc: data.preferirSeduc,
          nivelDetalhamento: data.nivelDetalhamento,
          idempotencyKey,
          generationState: 'queued',
          queuePrefix: this.settings.QUEUE_PREFIX,
        });
        data.aulas.forEach((a, index) => {
          // The subject picked in Matéria Geral is every lesson's subject (spec, generation flow).
          tx.create(Aula, { plano, numeroAula: index + 1, materia: data.materiaGeral, prompt: a.prompt });
        });
        await tx.flush();
        return plano.id;
      });
    } catch (err) {
      if ((err as { code?: string }).code === '23505' && idempotencyKey) {
        const existing = await this.findByIdempotencyKey(userId, idempotencyKey);
        if (existing) return { id: existing, created: false };
      }
      throw err;
    }
    await this.enqueue(planId);
    return { id: planId, created: true };
  }

  /** Enqueues the generation; when Redis is down the plan stays 'queued' and the worker's sweeper picks it up. */
  async enqueue(planId: string): Promise<boolean> {
    try {
      await this.producer.enqueue('generate-plan', { planId }, jobIds.generatePlan(planId), {
        backoff: { type: 'exponential', delay: this.settings.GENERATION_RETRY_BASE_MS },
      });
      await this.em.fork().nativeUpdate(PlanoAula, { id: planId }, { enqueuedAt: new Date() });
      return true;
    } catch (err) {
      this.logger.warn({ planId, err: (err as Error).message }, 'plan not enqueued yet; the sweeper will retry');
      return false;
    }
  }

  private async findByIdempotencyKey(userId: string, key: string): Promise<string | null> {
    const found = await this.em.fork().findOne(PlanoAula, { user: userId, idempotencyKey: key }, { fields: ['id'] });
    return found?.id ?? null;
  }

  async list(userId: string): Promise<PlanoListItem[]> {
    const conn = this.em.fork().getConnection();
    const rows = await conn.execute<
      {
        id: string; tema_principal: string; materia_geral: string; created_at: Date; updated_at: Date; status: string;
        turma_id: string; numero: string; escola: string; ano: string; generation_state: Plano['generation']['state'];
        generation_error: string | null; credit_refunded: boolean; generator: string | null; aulas: { id: string; numeroAula: number; materia: string; state: string }[];
      }[]
    >(
      `select p.id, p.tema_principal, p.materia_geral, p.created_at, p.updated_at, p.status, p.turma_id,
              t.numero, t.escola, t.ano, p.generation_state, p.generation_error, p.credit_refunded, p.generator,
              coalesce((select json_agg(json_build_object('id', a.id, 'numeroAula', a.numero_aula, 'materia', a.materia, 'state', a.generation_state) order by a.numero_aula)
                          from aulas a where a.plano_id = p.id), '[]') as aulas
         from planos_aula p join turmas t on t.id = p.turma_id
        where p.user_id = ?
        order by p.created_at desc, p.id`,
      [userId],
    );
    return rows.map((r) => ({
      id: r.id,
      temaPrincipal: r.tema_principal,
      materiaGeral: r.materia_geral,
      createdAt: new Date(r.created_at).toISOString(),
      updatedAt: new Date(r.updated_at).toISOString(),
      status: normalizeStatus(r.status),
      turmaId: r.turma_id,
      turma: { id: r.turma_id, numero: r.numero, escola: r.escola, ano: r.ano },
      generation: {
        state: r.generation_state,
        done: r.aulas.filter((a) => a.state === 'done').length,
        total: r.aulas.length,
        error: r.generation_error,
        creditRefunded: r.credit_refunded,
      },
      generator: r.generator,
      aulas: r.aulas.map((a) => ({ id: a.id, numeroAula: a.numeroAula, materia: a.materia })),
    }));
  }

  async get(userId: string, id: string): Promise<Plano> {
    const plano = await this.em.fork().findOne(PlanoAula, { id, user: userId }, { populate: ['aulas', 'turma'] });
    if (!plano) throw new NotFoundException({ message: MSG.planoNotFound });
    return toPlanoDto(plano);
  }

  /** Replaces the lesson texts in one transaction; refuses a plan that is still generating. */
  async update(userId: string, id: string, data: UpdatePlanoData): Promise<Plano> {
    const em = this.em.fork();
    await em.transactional(async (tx) => {
      const plano = await tx.findOne(PlanoAula, { id, user: userId }, { populate: ['aulas'], lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!plano) throw new NotFoundException({ message: MSG.planoNotFound });
      if (plano.generationState === 'queued' || plano.generationState === 'running') {
        throw new ConflictException({ message: MSG.planoGenerating });
      }
      const byId = new Map(plano.aulas.getItems().map((a) => [a.id, a]));
      for (const input of data.aulas) {
        const aula = byId.get(input.id);
        if (!aula) throw new NotFoundException({ message: 'Aula não encontrada neste plano' });
        aula.habilidades = input.habilidades;
        aula.objetivos = input.objetivos;
        aula.objetosConhecimento = input.objetosConhecimento;
        aula.experiencias = input.experiencias;
        aula.evidencias = input.evidencias;
      }
      plano.status = data.status;
      plano.updatedAt = new Date();
    });
    return this.get(userId, id);
  }

  async remove(userId: string, id: string): Promise<void> {
    const deleted = await this.em.fork().nativeDelete(PlanoAula, { id, user: userId });
    if (!deleted) throw new NotFoundException({ message: MSG.planoNotFound });
  }
}
