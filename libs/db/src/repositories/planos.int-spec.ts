import { randomUUID } from 'node:crypto';
import { Aula, AulaVersaoRecord, ExportFile, PlanoAula } from '../entities';
import { type NewPlano } from './planos';
import { AulasRepository } from './aulas';
import { AiCallsRepository } from './ai-calls';
import { PlanGenerationRepository } from './plan-generation';
import { LessonContentRepository } from './lesson-content';
import { PlanosRepository } from './planos';
import { PlanosListRepository } from './planos-list';
import { ExportFilesRepository } from './export-files';
import { aulaRecord, planoRecord, turmaRecord } from '../records';
import { createTestDatabase, type TestDatabase } from './__tests__/test-database';

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('planos and aulas repository (PostgreSQL)', () => {
  let db: TestDatabase;
  let aiCallsRepo: AiCallsRepository;
  let aulasRepo: AulasRepository;
  let exportFilesRepo: ExportFilesRepository;
  let lessonContentRepo: LessonContentRepository;
  let planGenerationRepo: PlanGenerationRepository;
  let planosListRepo: PlanosListRepository;
  let planosRepo: PlanosRepository;

  beforeAll(async () => {
    db = await createTestDatabase('planos');
    aiCallsRepo = new AiCallsRepository(db.database);
    aulasRepo = new AulasRepository(db.database);
    exportFilesRepo = new ExportFilesRepository(db.database);
    lessonContentRepo = new LessonContentRepository(db.database);
    planGenerationRepo = new PlanGenerationRepository(db.database);
    planosListRepo = new PlanosListRepository(db.database);
    planosRepo = new PlanosRepository(db.database);
  });
  afterAll(async () => {
    await db?.close();
  });

  const fresh = () => db.orm.em.fork();
  /** A user with a class, a plan and one lesson. */
  async function lessonOf(planOverrides: Parameters<TestDatabase['plano']>[2] = {}, aulaOverrides: Parameters<TestDatabase['aula']>[1] = {}) {
    const user = await db.user();
    const turma = await db.turma(user.id, { ano: '6' });
    const plano = await db.plano(user.id, turma.id, planOverrides);
    const aula = await db.aula(plano.id, aulaOverrides);
    return { user, turma, plano, aula };
  }
  /** While a transaction that ran `lock` is open, another transaction cannot lock the row `id` of `table`. */
  async function expectLockedWhileHeld(table: 'aulas' | 'planos_aula', id: string, lock: () => Promise<unknown>) {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const first = db.database.transaction(async () => {
      await lock();
      locked();
      await held;
    });
    await isLocked;
    const client = await db.pool.connect();
    try {
      await client.query('begin');
      await expect(client.query(`select id from ${table} where id = $1 for update nowait`, [id])).rejects.toThrow(/could not obtain lock/);
      await client.query('rollback');
    } finally {
      client.release();
      release();
    }
    await first;
  }
  /** Moves a row's updated_at into the past, as time would. */
  const age = (table: 'planos_aula' | 'aulas', id: string, seconds: number) =>
    db.pool.query(`update ${table} set updated_at = now() - make_interval(secs => $2) where id = $1`, [id, seconds]);

  describe('lesson control', () => {
    it('lockLesson reads the lesson with its plan state, class year, stage and barreiras, for its owner only', async () => {
      const { user, plano, aula } = await lessonOf({ generationState: 'done' }, { generationState: 'done', regeneracoes: 2 });
      const lesson = await db.database.transaction(() => aulasRepo.lockLesson(user.id, plano.id, aula.id));
      expect(lesson).toEqual({ id: aula.id, planoId: plano.id, materia: 'matematica', generationState: 'done', regeneracoes: 2, planState: 'done', ano: '6', barreiras: [], etapa: 'fundamental' });
      const other = await db.user();
      expect(await db.database.transaction(() => aulasRepo.lockLesson(other.id, plano.id, aula.id))).toBeNull();
      expect(await db.database.transaction(() => aulasRepo.lockLesson(user.id, randomUUID(), aula.id))).toBeNull();
    });

    it('lockLesson holds the lesson until the transaction ends', async () => {
      const { user, plano, aula } = await lessonOf();
      await expectLockedWhileHeld('aulas', aula.id, () => aulasRepo.lockLesson(user.id, plano.id, aula.id));
    });

    it('queueLessonRegeneration marks the lesson queued with its job, request and pins', async () => {
      const { aula } = await lessonOf({}, { generationState: 'done', regeneracoes: 1 });
      const request = { planId: 'p', aulaId: aula.id, charged: true };
      await aulasRepo.queueLessonRegeneration(aula.id, { previousState: 'done', charged: true, jobId: 'job-1', request, habilidadesFixadas: ['EF06MA01'] });
      let row = await fresh().findOneOrFail(Aula, { id: aula.id });
      expect(row).toMatchObject({
        generationState: 'queued',
        generationError: null,
        regenerationPreviousState: 'done',
        regenerationCharged: true,
        regenerationJobId: 'job-1',
        regenerationRequest: request,
        regeneracoes: 2,
        habilidadesFixadas: ['EF06MA01'],
      });
      // A failed lesson's retry is counted the same way, and no pins keep the lesson's.
      await aulasRepo.queueLessonRegeneration(aula.id, { previousState: 'failed', charged: false, jobId: 'job-2', request, habilidadesFixadas: null });
      row = await fresh().findOneOrFail(Aula, { id: aula.id });
      expect(row).toMatchObject({ regenerationJobId: 'job-2', regenerationCharged: false, regeneracoes: 3, habilidadesFixadas: ['EF06MA01'] });
    });

    it("a lesson's AI calls are never reset: each regeneration adds a lesson's worth to its budget, spent calls stay spent", async () => {
      const { aula } = await lessonOf({}, { generationState: 'failed' });
      const calls = async () =>
        (await fresh().getConnection().execute<{ ai_calls: number }[]>(`select ai_calls from aulas where id = ?`, [aula.id]))[0].ai_calls;
      // Its first generation spent its 2 calls and failed.
      await fresh().getConnection().execute(`update aulas set ai_calls = 2 where id = ?`, [aula.id]);
      const request = { planId: 'p', aulaId: aula.id, charged: false };
      await aulasRepo.queueLessonRegeneration(aula.id, { previousState: 'failed', charged: false, jobId: 'job-3', request, habilidadesFixadas: null });
      expect(await calls()).toBe(2);
      const grants = await Promise.all([1, 2, 3].map(() => aiCallsRepo.takeRegenerationAiCall(aula.id, 'job-3', 2)));
      expect(grants.filter(Boolean)).toHaveLength(2);
      expect(await calls()).toBe(4);
      // The next regeneration (the same lesson failed again) has 2 more, not 2 from zero.
      await aulasRepo.queueLessonRegeneration(aula.id, { previousState: 'failed', charged: false, jobId: 'job-4', request, habilidadesFixadas: null });
      expect(await calls()).toBe(4);
      const next = await Promise.all([1, 2, 3].map(() => aiCallsRepo.takeRegenerationAiCall(aula.id, 'job-4', 2)));
      expect(next.filter(Boolean)).toHaveLength(2);
      expect(await calls()).toBe(6);
    });

    it('admitRegeneration bounds a user to 3 regenerations in flight and 30 an hour, concurrent requests included', async () => {
      const { user, plano } = await lessonOf({ generationState: 'done' });
      const aulas = await Promise.all(Array.from({ length: 6 }, (_, i) => db.aula(plano.id, { numeroAula: i + 2, generationState: 'done' })));
      const bounds = { inFlightMax: 3, perHour: 5 };
      // Six at once, each queueing its lesson as the api does: three admitted, three refused.
      const results = await Promise.all(
        aulas.map((aula, i) =>
          db.database.transaction(async () => {
            const admission = await aulasRepo.admitRegeneration(user.id, aula.id, bounds);
            if (admission === 'admitted') {
              await aulasRepo.queueLessonRegeneration(aula.id, { previousState: 'done', charged: false, jobId: `job-${i}`, request: {}, habilidadesFixadas: null });
            }
            return admission;
          }),
        ),
      );
      expect(results.filter((r) => r === 'admitted')).toHaveLength(3);
      expect(results.filter((r) => r === 'in-flight')).toHaveLength(3);
      // Another user is not held by these.
      const other = await lessonOf({ generationState: 'done' });
      expect(await db.database.transaction(() => aulasRepo.admitRegeneration(other.user.id, other.aula.id, bounds))).toBe('admitted');
      // Two end: two more are admitted, then the hour's 5 are used.
      await db.pool.query(`update aulas set generation_state = 'done' where plano_id = $1`, [plano.id]);
      expect(await db.database.transaction(() => aulasRepo.admitRegeneration(user.id, aulas[0].id, bounds))).toBe('admitted');
      expect(await db.database.transaction(() => aulasRepo.admitRegeneration(user.id, aulas[1].id, bounds))).toBe('admitted');
      expect(await db.database.transaction(() => aulasRepo.admitRegeneration(user.id, aulas[2].id, bounds))).toBe('per-hour');
      // An hour later they no longer count (and are deleted when the next one is admitted).
      await db.pool.query(`update regeneration_requests set created_at = now() - interval '61 minutes' where user_id = $1`, [user.id]);
      expect(await db.database.transaction(() => aulasRepo.admitRegeneration(user.id, aulas[2].id, bounds))).toBe('admitted');
      const { rows } = await db.pool.query<{ n: number }>(`select count(*)::int as n from regeneration_requests where user_id = $1`, [user.id]);
      expect(rows[0].n).toBe(1);
    });

    it('lockPendingRegeneration finds the pending regeneration of that job only; endRegeneration clears it', async () => {
      const { aula } = await lessonOf({}, { generationState: 'done' });
      const request = { planId: 'p', aulaId: aula.id, charged: true };
      await aulasRepo.queueLessonRegeneration(aula.id, { previousState: 'done', charged: true, jobId: 'job-9', request, habilidadesFixadas: null });
      expect(await aulasRepo.lockPendingRegeneration(aula.id, 'job-8')).toBeNull();
      await db.database.transaction(async () => {
        expect(await aulasRepo.lockPendingRegeneration(aula.id, 'job-9')).toEqual({ charged: true, previousState: 'done' });
        await aulasRepo.endRegeneration(aula.id, 'done', 'A nova versão falhou; a anterior foi mantida.');
      });
      const row = await fresh().findOneOrFail(Aula, { id: aula.id });
      expect(row).toMatchObject({ generationState: 'done', generationError: 'A nova versão falhou; a anterior foi mantida.', regenerationCharged: false, regenerationPreviousState: null });
      // Ended: nothing pending any more.
      expect(await aulasRepo.lockPendingRegeneration(aula.id, 'job-9')).toBeNull();
    });

    it('markPlanFailedForRefund fails a plan once, never a done one, and counts its lessons', async () => {
      const { user, plano } = await lessonOf({ generationState: 'running' }, { generationState: 'done' });
      await db.aula(plano.id, { numeroAula: 2, generationState: 'failed' });
      expect(await planGenerationRepo.markPlanFailedForRefund(plano.id, 'Falhou')).toEqual({ userId: user.id, done: 1, total: 2 });
      expect(await fresh().findOneOrFail(PlanoAula, { id: plano.id })).toMatchObject({ generationState: 'failed', generationError: 'Falhou', creditRefunded: true });
      expect(await planGenerationRepo.markPlanFailedForRefund(plano.id, 'De novo')).toBeNull();
      const done = await lessonOf({ generationState: 'done' });
      expect(await planGenerationRepo.markPlanFailedForRefund(done.plano.id, 'Falhou')).toBeNull();
    });

    it('restoreLessonVersion brings an earlier version back as the next one; markPlanEdited marks the plan once', async () => {
      const { plano, aula } = await lessonOf({ status: 'gerado' }, { generationState: 'done', objetivos: 'primeiro' });
      await db.database.transaction(() => lessonContentRepo.insertVersion(aula.id, 1, 'geracao'));
      await db.pool.query(`update aulas set objetivos = 'segundo', versao = 2, avisos = '["habilidade-a-confirmar"]'::jsonb where id = $1`, [aula.id]);
      await db.database.transaction(() => lessonContentRepo.insertVersion(aula.id, 2, 'edicao'));
      expect(await aulasRepo.restoreLessonVersion(aula.id, 1)).toBe(3);
      const row = await fresh().findOneOrFail(Aula, { id: aula.id });
      expect(row).toMatchObject({ objetivos: 'primeiro', versao: 3, avisos: [], generationState: 'done' });
      expect(await aulasRepo.restoreLessonVersion(aula.id, 9)).toBeNull();
      expect(await fresh().count(AulaVersaoRecord, { aula: aula.id })).toBe(2);

      await planosRepo.markPlanEdited(plano.id);
      const edited = await fresh().findOneOrFail(PlanoAula, { id: plano.id });
      expect(edited.status).toBe('editado');
      await tick();
      await planosRepo.markPlanEdited(plano.id);
      expect((await fresh().findOneOrFail(PlanoAula, { id: plano.id })).updatedAt).toEqual(edited.updatedAt);
    });
  });

  describe('sweeper reads', () => {
    it('findStalePlans finds queued or running plans untouched for the grace period, oldest first; markPlanRequeued touches one', async () => {
      const { plano: stale } = await lessonOf({ generationState: 'running' });
      const { plano: staleQueued } = await lessonOf({ generationState: 'queued' });
      const { plano: recent } = await lessonOf({ generationState: 'queued' });
      const { plano: done } = await lessonOf({ generationState: 'done' });
      const { plano: failed } = await lessonOf({ generationState: 'failed' });
      for (const id of [stale.id, staleQueued.id, done.id, failed.id]) await age('planos_aula', id, 60);
      const found = await planGenerationRepo.findStalePlans(30);
      expect(found.filter((p) => [stale.id, staleQueued.id, recent.id, done.id, failed.id].includes(p.id))).toEqual([
        // The owner too: the sweeper queues the plan again with the owner's rank in the queue (fairness).
        { id: stale.id, userId: stale.user.id, generationState: 'running' },
        { id: staleQueued.id, userId: staleQueued.user.id, generationState: 'queued' },
      ]);
      await planGenerationRepo.markPlanRequeued(stale.id);
      const row = await fresh().findOneOrFail(PlanoAula, { id: stale.id });
      expect(row.enqueuedAt).toBeInstanceOf(Date);
      expect((await planGenerationRepo.findStalePlans(30)).map((p) => p.id)).not.toContain(stale.id);
    });

    it('findStaleRegenerations finds lessons with a job queued or running past the grace period; touchLesson starts it again', async () => {
      const request = { planId: 'x', aulaId: 'y', charged: false };
      const { user, plano, aula } = await lessonOf({ generationState: 'done' }, { generationState: 'queued', numeroAula: 3 });
      await aulasRepo.queueLessonRegeneration(aula.id, { previousState: 'done', charged: false, jobId: 'job-9', request, habilidadesFixadas: null });
      const { plano: firstPlano, aula: firstGeneration } = await lessonOf({}, { generationState: 'queued' });
      await age('aulas', aula.id, 60);
      await age('aulas', firstGeneration.id, 60);
      const ours = async () => (await aulasRepo.findStaleRegenerations(30)).filter((r) => [plano.id, firstPlano.id].includes(r.planoId));
      expect(await ours()).toEqual([
        { id: aula.id, planoId: plano.id, numeroAula: 3, userId: user.id, regenerationJobId: 'job-9', regenerationRequest: request },
      ]);
      await aulasRepo.touchLesson(aula.id);
      expect(await ours()).toEqual([]);
    });
  });

  describe('plan list', () => {
    it('listPlanosPage gives pages newest first with totals and lesson summaries; countPlanos the filtered total', async () => {
      const user = await db.user();
      const a = await db.turma(user.id, { numero: '71' });
      const b = await db.turma(user.id, { numero: '72' });
      const first = await db.plano(user.id, a.id, { status: 'salvo', trimestre: 1 });
      await tick();
      const second = await db.plano(user.id, b.id, { trimestre: 2 });
      await tick();
      const third = await db.plano(user.id, a.id, { trimestre: 2 });
      const lesson = await db.aula(third.id, { numeroAula: 1, generationState: 'done' });
      await db.plano((await db.user()).id, (await db.turma((await db.user()).id)).id);

      const page = await planosListRepo.listPlanosPage(user.id, {}, 2);
      expect(page.map((r) => r.id)).toEqual([third.id, second.id]);
      expect(page[0]).toMatchObject({ total: 3, numero: '71', ano: '5', trimestre: 2, aulas: `1 done ${lesson.id} matematica` });
      expect(page[1].aulas).toBeNull();
      const after = { createdAt: page[1].cursorAt, id: page[1].id };
      expect((await planosListRepo.listPlanosPage(user.id, { after }, 2)).map((r) => r.id)).toEqual([first.id]);
      expect((await planosListRepo.listPlanosPage(user.id, { turma: '71', status: 'salvo' }, 10)).map((r) => r.id)).toEqual([first.id]);
      expect((await planosListRepo.listPlanosPage(user.id, { trimestre: 2 }, 10)).map((r) => [r.id, r.total])).toEqual([
        [third.id, 2],
        [second.id, 2],
      ]);

      expect(await planosListRepo.countPlanos(user.id, {})).toBe(3);
      expect(await planosListRepo.countPlanos(user.id, { turma: '71' })).toBe(2);
      expect(await planosListRepo.countPlanos(user.id, { turma: '72', trimestre: 1 })).toBe(0);
    });
  });

  describe('export files', () => {
    async function file(userId: string, expiresInMs: number) {
      const content = Buffer.from('PK\u0003\u0004conteudo');
      return { id: await exportFilesRepo.insertExportFile({ userId, planoId: randomUUID(), fileName: 'plano.docx', content, expiresAt: new Date(Date.now() + expiresInMs) }) };
    }

    it("insertExportFile stores the owner's file with its size; takeExportFile gives it once", async () => {
      const user = await db.user();
      const record = await file(user.id, 60_000);
      expect(await exportFilesRepo.takeExportFile((await db.user()).id, record.id)).toBeNull();
      const taken = await exportFilesRepo.takeExportFile(user.id, record.id);
      expect(taken).toEqual({ fileName: 'plano.docx', content: Buffer.from('PK\u0003\u0004conteudo'), bytes: 12 });
      expect(await exportFilesRepo.takeExportFile(user.id, record.id)).toBeNull();
    });

    it('deleteExpiredExportFiles removes only the expired files', async () => {
      const user = await db.user();
      const expired = await file(user.id, -1000);
      const live = await file(user.id, 60_000);
      await exportFilesRepo.deleteExpiredExportFiles();
      expect(await fresh().count(ExportFile, { id: expired.id })).toBe(0);
      expect(await fresh().count(ExportFile, { id: live.id })).toBe(1);
    });
  });

  describe('plans and their lessons', () => {
    const newPlano = (userId: string, turmaId: string, overrides: Partial<NewPlano> = {}): NewPlano => ({
      temaPrincipal: 'Frações',
      trimestre: 2,
      dataInicio: '2026-05-04',
      dataFim: null,
      duracaoAulaMin: 50,
      materiaGeral: 'matematica',
      limitOneSkill: true,
      preferirSeduc: false,
      nivelDetalhamento: 4,
      idempotencyKey: null,
      turmaId,
      userId,
      ...overrides,
    });
    const lessons = [
      { materia: 'matematica', prompt: 'Frações equivalentes', habilidadesFixadas: ['EF06MA07'] },
      { materia: 'matematica', prompt: 'Comparar frações', habilidadesFixadas: [] },
    ];

    it('insertPlanoWithAulas stores a queued plan with its lessons numbered in order; findPlanoWithAulas reads them for the owner', async () => {
      const user = await db.user();
      const turma = await db.turma(user.id, { ano: '6' });
      const id = await db.database.transaction(() => planosRepo.insertPlanoWithAulas(newPlano(user.id, turma.id), lessons));
      const plano = await planosRepo.findPlanoWithAulas(id, user.id);
      expect(plano).toMatchObject({ temaPrincipal: 'Frações', trimestre: 2, dataInicio: '2026-05-04', duracaoAulaMin: 50, nivelDetalhamento: 4, preferirSeduc: false, generationState: 'queued', enqueuedAt: null });
      expect(plano!.turma.ano).toBe('6');
      // The lessons in their order, as plain data.
      expect(plano!.aulas.map((a) => [a.numeroAula, a.prompt, a.habilidadesFixadas, a.generationState])).toEqual([
        [1, 'Frações equivalentes', ['EF06MA07'], 'queued'],
        [2, 'Comparar frações', [], 'queued'],
      ]);
      // Without an owner (the worker), any plan; with one, only the owner's.
      expect((await planosRepo.findPlanoWithAulas(id))?.id).toBe(id);
      expect(await planosRepo.findPlanoWithAulas(id, (await db.user()).id)).toBeNull();
      expect(await planosRepo.findPlanoWithAulas(randomUUID())).toBeNull();
    });

    it("findPeriodoPlanos gives the owner's finished plans of the class in that period of that year, by start date (none last), with lessons", async () => {
      const user = await db.user();
      const turma = await db.turma(user.id);
      const other = await db.turma(user.id);
      const insert = (over: Partial<NewPlano>) => db.database.transaction(() => planosRepo.insertPlanoWithAulas(newPlano(user.id, turma.id, over), lessons));
      const undated = await insert({ periodo: 1, ano: 2026, dataInicio: null, temaPrincipal: 'Sem data' });
      const late = await insert({ periodo: 1, dataInicio: '2026-04-20', temaPrincipal: 'Abril' });
      const early = await insert({ periodo: 1, dataInicio: '2026-03-02', temaPrincipal: 'Março' });
      const running = await insert({ periodo: 1, dataInicio: '2026-03-01' });
      await insert({ periodo: 2, dataInicio: '2026-06-01' });
      // The 1st period of another year is another period.
      await insert({ periodo: 1, dataInicio: '2025-03-10' });
      await db.database.transaction(() => planosRepo.insertPlanoWithAulas(newPlano(user.id, other.id, { periodo: 1, ano: 2026 }), lessons));
      const em = fresh();
      await em.nativeUpdate(PlanoAula, { turma: turma.id }, { generationState: 'done' });
      await em.nativeUpdate(PlanoAula, { id: running }, { generationState: 'running' });
      const planos = await planosRepo.findPeriodoPlanos(user.id, turma.id, 2026, 1);
      expect(planos.map((p) => p.id)).toEqual([early, late, undated]);
      expect(planos[0].aulas).toHaveLength(2);
      expect(planos[0].turma.id).toBe(turma.id);
      expect(planos[0]).toMatchObject({ periodo: 1, ano: 2026, periodoTipo: 'trimestre', trimestre: 1 });
      expect(await planosRepo.countPeriodoPlanos(user.id, turma.id, 2026, 1)).toBe(3);
      expect(await planosRepo.countPeriodoPlanos(user.id, turma.id, 2025, 1)).toBe(1);
      expect(await planosRepo.findPeriodoPlanos((await db.user()).id, turma.id, 2026, 1)).toEqual([]);
      expect(await planosRepo.countPeriodoPlanos((await db.user()).id, turma.id, 2026, 1)).toBe(0);
      expect(await planosRepo.countPeriodoPlanos(user.id, turma.id, 2026, 3)).toBe(0);
    });

    it('a plan under a bimestre calendar stores its period, year and kind, and no trimestre', async () => {
      const user = await db.user();
      const turma = await db.turma(user.id);
      const id = await db.database.transaction(() =>
        planosRepo.insertPlanoWithAulas(newPlano(user.id, turma.id, { periodo: 4, periodoTipo: 'bimestre', dataInicio: '2022-11-03' }), lessons),
      );
      expect(await planosRepo.findPlanoWithAulas(id)).toMatchObject({ periodo: 4, ano: 2022, periodoTipo: 'bimestre', trimestre: null });
    });

    it('an idempotency key makes one plan per user: findPlanoIdByIdempotencyKey finds it and a second insert is refused (23505)', async () => {
      const user = await db.user();
      const turma = await db.turma(user.id);
      const data = newPlano(user.id, turma.id, { idempotencyKey: 'chave-1' });
      const id = await db.database.transaction(() => planosRepo.insertPlanoWithAulas(data, lessons));
      expect(await planosRepo.findPlanoIdByIdempotencyKey(user.id, 'chave-1')).toBe(id);
      expect(await planosRepo.findPlanoIdByIdempotencyKey(user.id, 'chave-2')).toBeNull();
      expect(await planosRepo.findPlanoIdByIdempotencyKey((await db.user()).id, 'chave-1')).toBeNull();
      await expect(db.database.transaction(() => planosRepo.insertPlanoWithAulas(data, lessons))).rejects.toMatchObject({ code: '23505' });
    });

    it('markPlanEnqueued stamps when the plan was queued', async () => {
      const { plano } = await lessonOf();
      const before = Date.now();
      await planosRepo.markPlanEnqueued(plano.id);
      const row = await fresh().findOneOrFail(PlanoAula, { id: plano.id });
      expect(row.enqueuedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    });

    it('lockPlanoWithAulas holds the owner’s plan and its lessons until the transaction ends; null for another user', async () => {
      const { user, plano, aula } = await lessonOf();
      const other = await db.user();
      expect(await db.database.transaction(() => planosRepo.lockPlanoWithAulas(other.id, plano.id))).toBeNull();
      await expectLockedWhileHeld('planos_aula', plano.id, async () => {
        const found = await planosRepo.lockPlanoWithAulas(user.id, plano.id);
        expect(found?.aulas).toHaveLength(1);
      });
      // The lesson too: a regeneration stored meanwhile cannot slip between a save's check of its versao and its write.
      await expectLockedWhileHeld('aulas', aula.id, () => planosRepo.lockPlanoWithAulas(user.id, plano.id));
    });

    it('savePlanoEdits writes the edited plan and lessons and keeps each edited lesson as a version (edicao)', async () => {
      const { user, plano, aula } = await lessonOf({ generationState: 'done' }, { generationState: 'done', objetivos: 'Antes' });
      const warned = await db.aula(plano.id, { numeroAula: 2, generationState: 'done', objetivos: 'Sem mudança' });
      await db.database.transaction(async () => {
        const locked = (await planosRepo.lockPlanoWithAulas(user.id, plano.id))!;
        const [lesson] = locked.aulas;
        await planosRepo.savePlanoEdits(plano.id, { ...locked, periodo: 3 }, [
          { id: lesson.id, avisos: [], content: { ...lesson, objetivos: 'Depois', versao: lesson.versao + 1 } },
          { id: warned.id, avisos: ['campos-com-habilidade-antiga'] },
        ]);
      });
      expect((await fresh().findOneOrFail(PlanoAula, { id: plano.id })).trimestre).toBe(3);
      expect(await aulasRepo.getAula(aula.id)).toMatchObject({ objetivos: 'Depois', versao: 1 });
      // A lesson whose warnings alone changed keeps its content and version, and no new version is kept of it.
      expect(await aulasRepo.getAula(warned.id)).toMatchObject({ objetivos: 'Sem mudança', versao: 0, avisos: ['campos-com-habilidade-antiga'] });
      expect((await aulasRepo.listLessonVersions(user.id, plano.id, warned.id, { limite: 20 }))!.versions).toEqual([]);
      expect((await aulasRepo.listLessonVersions(user.id, plano.id, aula.id, { limite: 20 }))!.versions).toEqual([expect.objectContaining({ versao: 1, origem: 'edicao', objetivos: 'Depois' })]);
    });

    it('listLessonVersions lists the owner’s lesson versions newest first; null for another user or plan', async () => {
      const { user, plano, aula } = await lessonOf({}, { generationState: 'done' });
      await lessonContentRepo.insertVersion(aula.id, 1, 'geracao');
      await lessonContentRepo.insertVersion(aula.id, 2, 'regeneracao', { instrucao: 'Mais curta', campo: 'objetivos' });
      const page = await aulasRepo.listLessonVersions(user.id, plano.id, aula.id, { limite: 20 });
      expect(page!.versions.map((v) => [v.versao, v.origem, v.instrucao])).toEqual([
        [2, 'regeneracao', 'Mais curta'],
        [1, 'geracao', null],
      ]);
      expect(page!.nextAntes).toBeNull();
      expect(await aulasRepo.listLessonVersions((await db.user()).id, plano.id, aula.id, { limite: 20 })).toBeNull();
      expect(await aulasRepo.listLessonVersions(user.id, randomUUID(), aula.id, { limite: 20 })).toBeNull();
      await expect(aulasRepo.getAula(randomUUID())).rejects.toThrow();
    });

    it('a lesson keeps at most 50 versions: the generated one always, the oldest others go first; listLessonVersions pages them', async () => {
      const { user, plano, aula } = await lessonOf({}, { generationState: 'done' });
      await lessonContentRepo.insertVersion(aula.id, 1, 'geracao');
      for (let versao = 2; versao <= 60; versao++) await lessonContentRepo.insertVersion(aula.id, versao, versao % 2 ? 'edicao' : 'regeneracao');
      const { rows } = await db.pool.query<{ versao: number }>('select versao from aula_versoes where aula_id = $1 order by versao', [aula.id]);
      // The generated version and the newest 49 others (12..60): versions 2..11 went first.
      expect(rows.map((r) => r.versao)).toEqual([1, ...Array.from({ length: 49 }, (_, i) => i + 12)]);
      // Another lesson's versions are not touched.
      const other = await lessonOf({}, { generationState: 'done' });
      await lessonContentRepo.insertVersion(other.aula.id, 1, 'geracao');
      await lessonContentRepo.insertVersion(other.aula.id, 2, 'edicao');
      expect((await aulasRepo.listLessonVersions(other.user.id, other.plano.id, other.aula.id, { limite: 20 }))!.versions).toHaveLength(2);

      const first = (await aulasRepo.listLessonVersions(user.id, plano.id, aula.id, { limite: 20 }))!;
      expect(first.versions.map((v) => v.versao)).toEqual(Array.from({ length: 20 }, (_, i) => 60 - i));
      expect(first.nextAntes).toBe(41);
      const second = (await aulasRepo.listLessonVersions(user.id, plano.id, aula.id, { limite: 20, antes: first.nextAntes! }))!;
      expect(second.versions.map((v) => v.versao)).toEqual(Array.from({ length: 20 }, (_, i) => 40 - i));
      const last = (await aulasRepo.listLessonVersions(user.id, plano.id, aula.id, { limite: 20, antes: second.nextAntes! }))!;
      expect(last.versions.map((v) => v.versao)).toEqual([...Array.from({ length: 9 }, (_, i) => 20 - i), 1]);
      expect(last.nextAntes).toBeNull();
      // Exactly a page left: no next page.
      expect((await aulasRepo.listLessonVersions(user.id, plano.id, aula.id, { limite: 10, antes: 21 }))!.nextAntes).toBeNull();
    });

    it('findPlanoExportState gives the owner’s plan version and state; deletePlano deletes the owner’s plan only', async () => {
      const { user, plano, aula } = await lessonOf({ generationState: 'done' });
      const state = await planosRepo.findPlanoExportState(user.id, plano.id);
      expect(state).toEqual({ updatedAt: expect.any(Date), generationState: 'done' });
      const other = await db.user();
      expect(await planosRepo.findPlanoExportState(other.id, plano.id)).toBeNull();
      expect(await planosRepo.deletePlano(other.id, plano.id)).toBe(false);
      expect(await planosRepo.deletePlano(user.id, plano.id)).toBe(true);
      expect(await planosRepo.findPlanoWithAulas(plano.id)).toBeNull();
      expect(await fresh().findOne(Aula, { id: aula.id })).toBeNull();
    });
  });
  describe('generation writes (worker)', () => {
    const planRow = (id: string) => fresh().findOneOrFail(PlanoAula, { id });
    const aulaRow = (id: string) => fresh().findOneOrFail(Aula, { id });

    it('markPlanRunning starts a queued or running plan only; markPlanDone ends a running one once, by its generator', async () => {
      const { plano } = await lessonOf({ generationState: 'queued' });
      const failed = (await lessonOf({ generationState: 'failed' })).plano;
      expect(await planGenerationRepo.markPlanRunning(plano.id)).toBe(true);
      expect(await planGenerationRepo.markPlanRunning(plano.id)).toBe(true);
      expect(await planGenerationRepo.markPlanRunning(failed.id)).toBe(false);
      expect((await planRow(plano.id)).generationState).toBe('running');
      expect((await planRow(failed.id)).generationState).toBe('failed');
      await fresh().nativeUpdate(PlanoAula, { id: plano.id }, { generationError: 'falha anterior', status: 'editado' });
      expect(await planGenerationRepo.markPlanDone(plano.id, 'offline')).toBe(true);
      expect(await planRow(plano.id)).toMatchObject({ generationState: 'done', status: 'gerado', generator: 'offline', generationError: null, finishedAt: expect.any(Date) });
      expect(await planGenerationRepo.markPlanDone(plano.id, 'openai')).toBe(false);
      expect(await planGenerationRepo.markPlanDone(failed.id, 'openai')).toBe(false);
      expect((await planRow(plano.id)).generator).toBe('offline');
    });

    it('markPlanDone takes the title built from the lessons only while the server names the plan', async () => {
      const automatic = (await lessonOf({ generationState: 'running', temaPrincipal: 'Provisório' })).plano;
      const own = (await lessonOf({ generationState: 'running', temaPrincipal: 'Meu título' })).plano;
      await fresh().nativeUpdate(PlanoAula, { id: automatic.id }, { temaAutomatico: true });
      expect(await planGenerationRepo.markPlanDone(automatic.id, 'offline', 'Frações na cozinha; Medidas com trena')).toBe(true);
      expect(await planGenerationRepo.markPlanDone(own.id, 'offline', 'Frações na cozinha')).toBe(true);
      expect((await planRow(automatic.id)).temaPrincipal).toBe('Frações na cozinha; Medidas com trena');
      expect((await planRow(own.id)).temaPrincipal).toBe('Meu título');
    });

    it('markLessonRunning and markLessonFailed change a lesson that is not done, never a done one', async () => {
      const { aula } = await lessonOf({}, { generationState: 'failed' });
      const done = (await lessonOf({}, { generationState: 'done' })).aula;
      await fresh().nativeUpdate(Aula, { id: aula.id }, { generationError: 'antes' });
      await planGenerationRepo.markLessonRunning(aula.id);
      expect(await aulaRow(aula.id)).toMatchObject({ generationState: 'running', generationError: null });
      await planGenerationRepo.markLessonFailed(aula.id, 'A IA não respondeu.');
      expect(await aulaRow(aula.id)).toMatchObject({ generationState: 'failed', generationError: 'A IA não respondeu.' });
      await planGenerationRepo.markLessonRunning(done.id);
      await planGenerationRepo.markLessonFailed(done.id, 'A IA não respondeu.');
      expect(await aulaRow(done.id)).toMatchObject({ generationState: 'done', generationError: null });
    });

    it('markFirstPendingLessonRunning starts the lowest-numbered lesson not done, and answers null when every lesson is done', async () => {
      const { plano, aula: first } = await lessonOf({ generationState: 'queued' }, { generationState: 'done' });
      const third = await db.aula(plano.id, { numeroAula: 3, generationState: 'failed' });
      const second = await db.aula(plano.id, { numeroAula: 2, generationState: 'queued' });
      await fresh().nativeUpdate(Aula, { id: third.id }, { generationError: 'antes' });
      expect(await planGenerationRepo.markFirstPendingLessonRunning(plano.id)).toBe(second.id);
      expect(await aulaRow(second.id)).toMatchObject({ generationState: 'running' });
      expect(await aulaRow(third.id)).toMatchObject({ generationState: 'failed', generationError: 'antes' });
      expect(await aulaRow(first.id)).toMatchObject({ generationState: 'done' });
      // Running is not done: a resumed job starts it again; then the next one once it is done.
      expect(await planGenerationRepo.markFirstPendingLessonRunning(plano.id)).toBe(second.id);
      await fresh().nativeUpdate(Aula, { id: second.id }, { generationState: 'done' });
      expect(await planGenerationRepo.markFirstPendingLessonRunning(plano.id)).toBe(third.id);
      expect(await aulaRow(third.id)).toMatchObject({ generationState: 'running', generationError: null });
      await fresh().nativeUpdate(Aula, { id: third.id }, { generationState: 'done' });
      expect(await planGenerationRepo.markFirstPendingLessonRunning(plano.id)).toBeNull();
    });

    it('findAulaWithPlano reads a lesson of that plan with its plan and class, each as the ORM\'s populating find gives it', async () => {
      const { plano, aula } = await lessonOf({ generationState: 'done' }, { generationState: 'queued', habilidadeCodes: ['EF06MA01'], objetivos: 'Objetivos' });
      // Every kind of column set: dates, nullable times, json lists, the request's json, texts.
      await fresh().getConnection().execute(
        `update planos_aula set data_inicio = '2026-03-02', data_fim = '2026-04-30', duracao_aula_min = 50, finished_at = now() where id = ?`,
        [plano.id],
      );
      await fresh().getConnection().execute(
        `update aulas set habilidades_fixadas = '["EF06MA01"]', avisos = '["habilidade-a-confirmar"]', regeneration_job_id = 'job-1',
                regeneration_request = '{"planId":"p","charged":true}', regeneration_previous_state = 'done' where id = ?`,
        [aula.id],
      );
      await fresh().getConnection().execute(`update turmas set observacoes_adicionais = 'Turma animada' where id = ?`, [plano.turma.id]);
      const found = await aulasRepo.findAulaWithPlano(plano.id, aula.id);
      const orm = await fresh().findOneOrFail(Aula, { id: aula.id }, { populate: ['plano', 'plano.turma'] });
      // Plain data, column for column what the populating find reads.
      expect(found).toEqual({ aula: aulaRecord(orm), plano: planoRecord(orm.plano.getEntity()), turma: turmaRecord(orm.plano.getEntity().turma.getEntity()) });
      expect(found!.plano).toMatchObject({ dataInicio: '2026-03-02', duracaoAulaMin: 50, finishedAt: expect.any(Date) });
      expect(found!.turma.ano).toBe('6');
      expect(found!.plano.userId).toBe(plano.user.id);
      expect(found!.aula).toMatchObject({ habilidadesFixadas: ['EF06MA01'], regenerationRequest: { planId: 'p', charged: true }, createdAt: expect.any(Date) });
      expect(await aulasRepo.findAulaWithPlano(randomUUID(), aula.id)).toBeNull();
    });
  });
});
