import { randomUUID } from 'node:crypto';
import { AiCallsRepository } from './ai-calls';
import { createTestDatabase, type TestDatabase } from './__tests__/test-database';

describe('AI call budgets of a lesson and its plan (PostgreSQL)', () => {
  let db: TestDatabase;
  let aiCallsRepo: AiCallsRepository;

  beforeAll(async () => {
    db = await createTestDatabase('ai_calls');
    aiCallsRepo = new AiCallsRepository(db.database);
  });
  afterAll(async () => {
    await db?.close();
  });

  /** A plan of its own with `n` lessons; their ids, in order. */
  async function planWith(n: number) {
    const user = await db.user();
    const turma = await db.turma(user.id);
    const plano = await db.plano(user.id, turma.id);
    const aulas = [];
    for (let i = 1; i <= n; i++) aulas.push((await db.aula(plano.id, { numeroAula: i })).id);
    return { planoId: plano.id, aulas };
  }
  /** The counters as stored: the plan's and each lesson's, in order. */
  async function counters(planoId: string, aulas: string[]) {
    const plan = (await db.pool.query<{ ai_calls: number }>('select ai_calls from planos_aula where id = $1', [planoId])).rows[0].ai_calls;
    const lessons = (await db.pool.query<{ id: string; ai_calls: number }>('select id, ai_calls from aulas where plano_id = $1', [planoId])).rows;
    return { plan, lessons: aulas.map((id) => lessons.find((l) => l.id === id)!.ai_calls) };
  }

  it('a lesson takes at most perLesson calls; each granted call counts on the lesson and its plan, a refused one nowhere', async () => {
    const { planoId, aulas } = await planWith(1);
    const limits = { perLesson: 2, perPlanLesson: 10 };
    expect(await aiCallsRepo.takeAiCall(aulas[0], limits)).toBe('granted');
    expect(await aiCallsRepo.takeAiCall(aulas[0], limits)).toBe('granted');
    expect(await aiCallsRepo.takeAiCall(aulas[0], limits)).toBe('lesson-spent');
    expect(await aiCallsRepo.takeAiCall(aulas[0], limits)).toBe('lesson-spent');
    expect(await counters(planoId, aulas)).toEqual({ plan: 2, lessons: [2] });
  });

  it("a plan takes at most perPlanLesson calls per lesson it holds, shared by its lessons; the lesson's own bound still holds", async () => {
    const { planoId, aulas } = await planWith(2);
    const limits = { perLesson: 3, perPlanLesson: 2 }; // the plan: 2 lessons x 2 = 4 calls
    for (const aula of [aulas[0], aulas[0], aulas[0]]) expect(await aiCallsRepo.takeAiCall(aula, limits)).toBe('granted');
    expect(await aiCallsRepo.takeAiCall(aulas[0], limits)).toBe('lesson-spent');
    expect(await aiCallsRepo.takeAiCall(aulas[1], limits)).toBe('granted');
    // Lesson 2 has used 1 of its 3, but the plan's 4 are spent.
    expect(await aiCallsRepo.takeAiCall(aulas[1], limits)).toBe('plan-spent');
    expect(await counters(planoId, aulas)).toEqual({ plan: 4, lessons: [3, 1] });
    // Both spent: the lesson's bound is named.
    expect(await aiCallsRepo.takeAiCall(aulas[0], limits)).toBe('lesson-spent');
  });

  it('the counters are kept in the database: a new limit, a restart or another worker sees what was taken', async () => {
    const { planoId, aulas } = await planWith(1);
    await db.pool.query('update aulas set ai_calls = 4 where id = $1', [aulas[0]]);
    expect(await aiCallsRepo.takeAiCall(aulas[0], { perLesson: 4, perPlanLesson: 10 })).toBe('lesson-spent');
    expect(await aiCallsRepo.takeAiCall(aulas[0], { perLesson: 5, perPlanLesson: 10 })).toBe('granted');
    expect(await aiCallsRepo.takeAiCall(aulas[0], { perLesson: 9, perPlanLesson: 1 })).toBe('plan-spent');
    expect(await counters(planoId, aulas)).toEqual({ plan: 1, lessons: [5] });
  });

  it('an unknown lesson is refused and changes nothing', async () => {
    expect(await aiCallsRepo.takeAiCall(randomUUID(), { perLesson: 5, perPlanLesson: 5 })).toBe('lesson-spent');
  });

  it('concurrent calls of one plan\'s lessons never overspend either bound', async () => {
    const { planoId, aulas } = await planWith(3);
    const limits = { perLesson: 4, perPlanLesson: 2 }; // the plan: 3 x 2 = 6; each lesson: 4
    const grants = await Promise.all(Array.from({ length: 24 }, (_, i) => aiCallsRepo.takeAiCall(aulas[i % 3], limits)));
    expect(grants.filter((g) => g === 'granted')).toHaveLength(6);
    const after = await counters(planoId, aulas);
    expect(after.plan).toBe(6);
    expect(after.lessons.reduce((a, b) => a + b, 0)).toBe(6);
    for (const n of after.lessons) expect(n).toBeLessThanOrEqual(4);
  });

  it("takeRegenerationAiCall takes from the lesson's counter only, up to perLesson per generation and regeneration, concurrent calls included", async () => {
    const { planoId, aulas } = await planWith(1);
    // The lesson's first regeneration: its budget is 3 for the generation and 3 for this regeneration; 1 was spent.
    await db.pool.query(`update aulas set generation_state = 'queued', regeneration_job_id = 'job-a', regeneracoes = 1, ai_calls = 1 where id = $1`, [aulas[0]]);
    const grants = await Promise.all(Array.from({ length: 8 }, () => aiCallsRepo.takeRegenerationAiCall(aulas[0], 'job-a', 3)));
    expect(grants.filter(Boolean)).toHaveLength(5);
    expect(await aiCallsRepo.takeRegenerationAiCall(aulas[0], 'job-a', 3)).toBe(false);
    expect(await counters(planoId, aulas)).toEqual({ plan: 0, lessons: [6] });
    // A new regeneration adds 3 more (queueLessonRegeneration counts it); the spent calls stay spent.
    await db.pool.query('update aulas set regeneracoes = 2 where id = $1', [aulas[0]]);
    expect(await aiCallsRepo.takeRegenerationAiCall(aulas[0], 'job-a', 3)).toBe(true);
    expect(await counters(planoId, aulas)).toEqual({ plan: 0, lessons: [7] });
    expect(await aiCallsRepo.takeRegenerationAiCall(randomUUID(), 'job-a', 3)).toBe(false);
  });

  it('takeRegenerationAiCall marks the lesson running, and grants nothing to a regeneration no longer that job\'s or no longer pending', async () => {
    const { planoId, aulas } = await planWith(1);
    const state = async () => (await db.pool.query<{ generation_state: string }>('select generation_state from aulas where id = $1', [aulas[0]])).rows[0].generation_state;
    await db.pool.query(`update aulas set generation_state = 'queued', regeneration_job_id = 'job-a' where id = $1`, [aulas[0]]);
    expect(await aiCallsRepo.takeRegenerationAiCall(aulas[0], 'job-b', 3)).toBe(false);
    expect(await state()).toBe('queued');
    expect(await aiCallsRepo.takeRegenerationAiCall(aulas[0], 'job-a', 3)).toBe(true);
    expect(await state()).toBe('running');
    expect(await aiCallsRepo.takeRegenerationAiCall(aulas[0], 'job-a', 3)).toBe(true);
    expect(await state()).toBe('running');
    // Ended (stored, or failed and given back): no more calls, and the state is left as it is.
    await db.pool.query(`update aulas set generation_state = 'done' where id = $1`, [aulas[0]]);
    expect(await aiCallsRepo.takeRegenerationAiCall(aulas[0], 'job-a', 3)).toBe(false);
    expect(await state()).toBe('done');
    expect(await counters(planoId, aulas)).toEqual({ plan: 0, lessons: [2] });
  });
});
