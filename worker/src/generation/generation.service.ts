import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { UnrecoverableError } from 'bullmq';
import { AiError, generateWithRetry, type LessonContext, type LessonGenerator } from '@planejador/ai';
import type { Settings } from '@planejador/config';
import type { Materia } from '@planejador/contracts';
import { CurriculumService } from '@planejador/curriculum';
import { Aula, PlanoAula } from '@planejador/db';
import { ProgressPublisher } from '../core/progress.publisher';
import { LESSON_GENERATOR, SETTINGS } from '../core/tokens';
import { mapWithConcurrency } from './map-with-concurrency';

/** A plan whose lessons could not all be written this attempt; the job is retried (or ends failed). */
export class LessonsFailedError extends Error {
  constructor(
    readonly userMessage: string,
    readonly retryable: boolean,
  ) {
    super(userMessage);
    this.name = 'LessonsFailedError';
  }
}

@Injectable()
export class GenerationService {
  private readonly logger = new Logger(GenerationService.name);

  constructor(
    private readonly em: EntityManager,
    private readonly curriculum: CurriculumService,
    private readonly progress: ProgressPublisher,
    @Inject(LESSON_GENERATOR) private readonly generator: LessonGenerator,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {}

  /**
   * Generates every lesson not yet done (so a retried or resumed job never writes a lesson twice),
   * in parallel up to LESSON_CONCURRENCY, then marks the plan done.
   */
  async generate(planId: string): Promise<'done' | 'skipped'> {
    const em = this.em.fork();
    const plano = await em.findOne(PlanoAula, { id: planId }, { populate: ['aulas', 'turma'] });
    if (!plano || plano.generationState === 'done' || plano.generationState === 'failed') return 'skipped';
    const userId = plano.user.id;
    const turma = plano.turma.getEntity();
    const aulas = plano.aulas.getItems().slice().sort((a, b) => a.numeroAula - b.numeroAula);
    const total = aulas.length;
    let done = aulas.filter((a) => a.generationState === 'done').length;

    await em.nativeUpdate(PlanoAula, { id: planId, generationState: { $in: ['queued', 'running'] } }, { generationState: 'running' });
    this.progress.publish(userId, { planId, type: 'started', state: 'running', done, total });
    this.logger.log({ planId, total, done, generator: this.generator.kind }, 'generation started');

    const materia = plano.materiaGeral as Materia;
    const pending = aulas.filter((a) => a.generationState !== 'done');
    const failures: AiError[] = [];
    await mapWithConcurrency(pending, this.settings.LESSON_CONCURRENCY, async (aula) => {
      this.progress.publish(userId, { planId, type: 'lesson-started', state: 'running', done, total, numeroAula: aula.numeroAula });
      await this.em.fork().nativeUpdate(Aula, { id: aula.id, generationState: { $ne: 'done' } }, { generationState: 'running', generationError: null });
      const candidates = await this.curriculum.candidates(turma.ano, materia, aula.prompt, plano.temaPrincipal);
      const ctx: LessonContext = {
        plano: {
          temaPrincipal: plano.temaPrincipal,
          materiaGeral: plano.materiaGeral,
          limitOneSkill: plano.limitOneSkill,
          preferirSeduc: plano.preferirSeduc,
          nivelDetalhamento: plano.nivelDetalhamento,
        },
        turma: { ano: turma.ano, numero: turma.numero, escola: turma.escola, observacoesAdicionais: turma.observacoesAdicionais },
        aula: { numeroAula: aula.numeroAula, materia: aula.materia, prompt: aula.prompt },
        candidates,
        noCandidatesReason: candidates.length ? null : await this.curriculum.noSkillsReason(turma.ano, materia),
      };
      try {
        const draft = await generateWithRetry(this.generator, ctx, {
          attempts: this.settings.AI_ATTEMPTS,
          baseDelayMs: this.settings.AI_RETRY_BASE_MS,
          timeoutMs: this.settings.OPENAI_TIMEOUT_MS,
        });
        // Defence in depth: only codes of this year and subject are ever stored.
        const valid = await this.curriculum.validCodes(turma.ano, materia);
        const unknown = draft.habilidadeCodes.filter((c) => !valid.has(c));
        if (unknown.length) throw new AiError('unknown-code', { detail: unknown.join(',') });
        const updated = await this.em.fork().nativeUpdate(
          Aula,
          { id: aula.id, generationState: { $ne: 'done' } },
          {
            habilidades: draft.habilidades,
            objetivos: draft.objetivos,
            objetosConhecimento: draft.objetosConhecimento,
            experiencias: draft.experiencias,
            evidencias: draft.evidencias,
            habilidadeCodes: draft.habilidadeCodes,
            generationState: 'done',
            generationError: null,
          },
        );
        if (updated) done++;
        this.progress.publish(userId, { planId, type: 'lesson-done', state: 'running', done, total, numeroAula: aula.numeroAula });
      } catch (thrown) {
        const error = thrown instanceof AiError ? thrown : new AiError('unknown', { cause: thrown, detail: (thrown as Error)?.message });
        failures.push(error);
        await this.em.fork().nativeUpdate(Aula, { id: aula.id, generationState: { $ne: 'done' } }, { generationState: 'failed', generationError: error.userMessage });
        this.progress.publish(userId, { planId, type: 'lesson-failed', state: 'running', done, total, numeroAula: aula.numeroAula, error: error.userMessage });
      }
    });

    if (failures.length) {
      const retryable = failures.every((f) => f.retryable);
      const message = failures[0].userMessage;
      if (!retryable) throw new UnrecoverableError(message);
      throw new LessonsFailedError(message, true);
    }

    const finished = await em.nativeUpdate(
      PlanoAula,
      { id: planId, generationState: 'running' },
      { generationState: 'done', status: 'gerado', generator: this.generator.kind, finishedAt: new Date(), generationError: null },
    );
    if (finished) {
      this.progress.publish(userId, { planId, type: 'done', state: 'done', done: total, total });
      this.logger.log({ planId, total }, 'generation done');
    }
    return 'done';
  }
}
