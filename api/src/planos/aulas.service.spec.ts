import { randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';
import { anoPhrase, LIMITS, MSG, regenerateAulaSchema, type AulaVersao, type RegenerateAulaInput } from '@planejador/contracts';
import type { Settings } from '@planejador/config';
import type { AulaRecord, AulasRepository, CreditsRepository, FairnessRepository, LessonContentRepository, LockedLesson, PlanosRepository } from '@planejador/db';
import { jobPriority, type JobProducer } from '@planejador/queue';
import { fakeDatabase, mockOf, refusal, skillScopeOf } from '../../test/service-fakes';
import { AulasService } from './aulas.service';

const USER = randomUUID();
const PLAN = randomUUID();
const AULA = randomUUID();

beforeAll(() => Logger.overrideLogger(false));

/** The lesson as its control reads it (locked), done, in a finished plan of a 5º ano class. */
const locked = (over: Partial<LockedLesson> = {}): LockedLesson => ({
  id: AULA,
  planoId: PLAN,
  materia: 'matematica',
  generationState: 'done',
  regeneracoes: 0,
  planState: 'done',
  ano: '5',
  barreiras: [],
  etapa: 'fundamental',
  ...over,
});

/** A kept version of the lesson, its five texts short unless told. */
const version = (over: Partial<AulaVersao> = {}) =>
  ({ versao: 2, habilidades: 'EF05MA03', objetivos: 'Objetivo', objetosConhecimento: 'Frações', experiencias: '1. Atividade', evidencias: 'Registro', ...over }) as AulaVersao;

function setup({ lesson = locked(), online = true }: { lesson?: LockedLesson | null; online?: boolean } = {}) {
  const planos = mockOf<PlanosRepository>();
  const aulas = mockOf<AulasRepository>();
  const lessonContent = mockOf<LessonContentRepository>();
  const credits = mockOf<CreditsRepository>();
  const fairness = mockOf<FairnessRepository>();
  const producer = mockOf<JobProducer>();
  aulas.lockLesson.mockResolvedValue(lesson);
  aulas.admitRegeneration.mockResolvedValue('admitted');
  aulas.findLessonVersion.mockResolvedValue(version());
  credits.chargeCredits.mockResolvedValue(true);
  fairness.teacherBacklog.mockResolvedValue(0);
  const settings = { OPENAI_API_KEY: online ? 'sk-test' : undefined } as Settings;
  const service = new AulasService(fakeDatabase(), planos, aulas, lessonContent, credits, fairness, skillScopeOf(), producer, settings);
  return { service, planos, aulas, lessonContent, credits, fairness, producer };
}

const regenerate = (service: AulasService, body: RegenerateAulaInput = {}) => service.regenerate(USER, PLAN, AULA, regenerateAulaSchema.parse(body));

describe('AulasService: regeneration', () => {
  it("queues a free regeneration with the teacher's wish, behind her other regenerations, charging nothing", async () => {
    const { service, aulas, credits, fairness, producer } = setup();
    fairness.teacherBacklog.mockResolvedValue(1);
    const { jobId } = await regenerate(service, { instrucao: 'mais prática', campo: 'experiencias' });

    expect(jobId).toMatch(new RegExp(`^aula-${AULA}-`));
    expect(credits.chargeCredits).not.toHaveBeenCalled();
    const job = { planId: PLAN, aulaId: AULA, userId: USER, instrucao: 'mais prática', campo: 'experiencias', charged: false };
    expect(aulas.queueLessonRegeneration).toHaveBeenCalledWith(AULA, { previousState: 'done', charged: false, jobId, request: job, habilidadesFixadas: null });
    expect(producer.enqueue).toHaveBeenCalledWith('regenerate-lesson', job, jobId, { priority: jobPriority('regeneration', 1) });
  });

  it('charges the regeneration cost once the free regenerations are used, and refuses with 402 without a credit', async () => {
    const { service, aulas, credits, producer } = setup({ lesson: locked({ regeneracoes: LIMITS.freeRegenerations }) });
    await regenerate(service);
    expect(credits.chargeCredits).toHaveBeenCalledWith(USER, LIMITS.regenerationCost);
    expect(aulas.queueLessonRegeneration).toHaveBeenCalledWith(AULA, expect.objectContaining({ charged: true }));
    expect(producer.enqueue).toHaveBeenCalledWith('regenerate-lesson', expect.objectContaining({ charged: true }), expect.any(String), expect.anything());

    const poor = setup({ lesson: locked({ regeneracoes: LIMITS.freeRegenerations }) });
    poor.credits.chargeCredits.mockResolvedValue(false);
    expect(await refusal(regenerate(poor.service))).toEqual({ status: 402, message: MSG.regenerationInsufficientCredits });
    expect(poor.aulas.queueLessonRegeneration).not.toHaveBeenCalled();
    expect(poor.producer.enqueue).not.toHaveBeenCalled();
  });

  it('never charges offline (no AI key), and says that a wish is kept as a note there', async () => {
    const { service, credits } = setup({ lesson: locked({ regeneracoes: 10 }), online: false });
    expect(await regenerate(service, { instrucao: 'com experimento' })).toEqual({ jobId: expect.any(String), nota: MSG.regenerationOfflineNote });
    expect(await regenerate(service)).toEqual({ jobId: expect.any(String) });
    expect(credits.chargeCredits).not.toHaveBeenCalled();
  });

  it.each([
    ['in-flight', MSG.regenerationsInFlight],
    ['per-hour', MSG.regenerationsPerHour],
  ] as const)('refuses past the per-user bound (%s) with 429, charging and queueing nothing', async (bound, message) => {
    const { service, aulas, credits, producer } = setup({ lesson: locked({ regeneracoes: 10 }) });
    aulas.admitRegeneration.mockResolvedValue(bound);
    expect(await refusal(regenerate(service))).toEqual({ status: 429, message });
    expect(aulas.admitRegeneration).toHaveBeenCalledWith(USER, AULA, { inFlightMax: LIMITS.regenerationsInFlightMax, perHour: LIMITS.regenerationsPerHour });
    expect(credits.chargeCredits).not.toHaveBeenCalled();
    expect(producer.enqueue).not.toHaveBeenCalled();
  });

  it.each([
    ['a lesson not in that plan of the user', 404, MSG.aulaNotFound, null],
    ['a plan still being generated', 409, MSG.planoGenerating, locked({ planState: 'running' })],
    ['a plan that failed (and was refunded)', 409, MSG.planoFailedNoRegeneration, locked({ planState: 'failed' })],
    ['a lesson already being regenerated', 409, MSG.aulaRegenerating, locked({ generationState: 'queued' })],
  ])('refuses %s with %d, admitting nothing', async (_, status, message, lesson) => {
    const { service, aulas, producer } = setup({ lesson });
    expect(await refusal(regenerate(service))).toEqual({ status, message });
    expect(aulas.lockLesson).toHaveBeenCalledWith(USER, PLAN, AULA);
    expect(aulas.admitRegeneration).not.toHaveBeenCalled();
    expect(producer.enqueue).not.toHaveBeenCalled();
  });

  it("changes the lesson's skill: pins of the class's year are kept for the lesson, others refused with 400", async () => {
    const { service, aulas } = setup();
    await regenerate(service, { habilidadesFixadas: ['ef05ma03'] });
    expect(aulas.queueLessonRegeneration).toHaveBeenCalledWith(
      AULA,
      expect.objectContaining({ habilidadesFixadas: ['EF05MA03'], request: expect.objectContaining({ habilidadesFixadas: ['EF05MA03'] }) }),
    );

    const other = setup();
    expect(await refusal(regenerate(other.service, { habilidadesFixadas: ['EF06MA07'] }))).toEqual({
      status: 400,
      message: MSG.habilidadeForaDoEscopo('EF06MA07', anoPhrase('5', 'fundamental', 'de'), 'Matemática'),
    });
    expect(other.aulas.admitRegeneration).not.toHaveBeenCalled();
  });

  it('refuses DUA strategies for a class without barreiras (400), and adapts for one as a regeneration of the activities', async () => {
    const { service } = setup();
    expect(await refusal(regenerate(service, { campo: 'dua' }))).toEqual({ status: 400, message: MSG.duaSemBarreiras });

    const { service: withBarreiras, producer } = setup({ lesson: locked({ barreiras: ['leitura'] }) });
    await withBarreiras.adapt(USER, PLAN, AULA, { barreira: 'leitura', instrucao: 'com imagens das etapas' });
    expect(producer.enqueue).toHaveBeenCalledWith(
      'regenerate-lesson',
      expect.objectContaining({ campo: 'experiencias', adaptacao: 'leitura', instrucao: 'com imagens das etapas' }),
      expect.any(String),
      expect.anything(),
    );
  });

  it('leaves a regeneration it could not queue (Redis down) for the sweeper: the request still answers its job', async () => {
    const { service, aulas, producer } = setup();
    producer.enqueue.mockRejectedValue(new Error('Connection is closed.'));
    const { jobId } = await regenerate(service);
    expect(aulas.queueLessonRegeneration).toHaveBeenCalledWith(AULA, expect.objectContaining({ jobId }));
  });
});

describe('AulasService: versions and undo', () => {
  const stored = { id: AULA, planoId: PLAN, numeroAula: 1, versao: 4, generationState: 'done', createdAt: new Date(), updatedAt: new Date() } as unknown as AulaRecord;

  it('makes an earlier version current again as a new version (restauracao), marks the plan edited and answers the lesson', async () => {
    const { service, aulas, planos, lessonContent } = setup();
    aulas.restoreLessonVersion.mockResolvedValue(4);
    aulas.getAula.mockResolvedValue(stored);
    expect(await service.restore(USER, PLAN, AULA, 2)).toMatchObject({ id: AULA, planoId: PLAN, versao: 4 });
    expect(aulas.restoreLessonVersion).toHaveBeenCalledWith(AULA, 2);
    expect(lessonContent.insertVersion).toHaveBeenCalledWith(AULA, 4, 'restauracao');
    expect(planos.markPlanEdited).toHaveBeenCalledWith(PLAN);
  });

  it('refuses to undo on a lesson being regenerated (409), of another user (404), or to a version it never had (404)', async () => {
    const busy = setup({ lesson: locked({ generationState: 'running' }) });
    expect(await refusal(busy.service.restore(USER, PLAN, AULA, 2))).toEqual({ status: 409, message: MSG.aulaRegenerating });
    expect(busy.aulas.restoreLessonVersion).not.toHaveBeenCalled();

    const foreign = setup({ lesson: null });
    expect(await refusal(foreign.service.restore(USER, PLAN, AULA, 2))).toEqual({ status: 404, message: MSG.aulaNotFound });

    const unknown = setup();
    unknown.aulas.restoreLessonVersion.mockResolvedValue(null);
    expect(await refusal(unknown.service.restore(USER, PLAN, AULA, 99))).toEqual({ status: 404, message: MSG.versaoNotFound });
    expect(unknown.lessonContent.insertVersion).not.toHaveBeenCalled();
    expect(unknown.planos.markPlanEdited).not.toHaveBeenCalled();
  });

  it('refuses a version with a field past 20,000 characters or 300 lines (kept from before the caps), naming it: nothing changes', async () => {
    for (const over of [{ experiencias: '1.\n'.repeat(LIMITS.lessonFieldLinesMax + 1) }, { objetivos: 'a'.repeat(LIMITS.lessonFieldMax + 1) }]) {
      const { service, planos, aulas, lessonContent } = setup();
      aulas.findLessonVersion.mockResolvedValue(version(over));
      const campo = 'experiencias' in over ? 'Experiências de Aprendizagem' : 'Objetivos de Aprendizagem';
      expect(await refusal(service.restore(USER, PLAN, AULA, 2))).toEqual({ status: 400, message: MSG.versaoTooLong(campo) });
      expect(aulas.findLessonVersion).toHaveBeenCalledWith(AULA, 2);
      expect(aulas.restoreLessonVersion).not.toHaveBeenCalled();
      expect(lessonContent.insertVersion).not.toHaveBeenCalled();
      expect(planos.markPlanEdited).not.toHaveBeenCalled();
    }
  });

  it("answers the versions of another user's lesson with 404", async () => {
    const { service, aulas } = setup();
    aulas.listLessonVersions.mockResolvedValue(null);
    expect(await refusal(service.versions(USER, PLAN, AULA, { limite: 10 }))).toEqual({ status: 404, message: MSG.aulaNotFound });
  });
});
