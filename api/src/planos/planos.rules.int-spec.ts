import { Logger } from '@nestjs/common';
import { generatePlanoSchema, LIMITS, MSG, planosListQuerySchema, updatePlanoSchema, type GeneratePlanoInput, type PlanosListQueryData } from '@planejador/contracts';
import { CurriculumService } from '@planejador/curriculum';
import {
  CalendariosRepository,
  CreditsRepository,
  CurriculumRepository,
  FairnessRepository,
  PlanGenerationRepository,
  PlanosListRepository,
  PlanosRepository,
  TurmasRepository,
} from '@planejador/db';
import type { JobProducer } from '@planejador/queue';
import { generateRequest, useRulesDatabase } from '@planejador/testing';
import { mockOf, refusal } from '../../test/service-fakes';
import { CalendarioService } from '../calendario/calendario.service';
import { GENERATION_BOUNDS } from '../core/generation-admission';
import { PlanosService } from './planos.service';
import { SkillScope } from './skill-scope';

/**
 * The rules tier: PlanosService on the real repositories, each test in a transaction rolled back at its end
 * (decisions.md, "Sessions and security": first generations 3 in flight, 10 a minute, 60 an hour, none after 3
 * wholly failed in an hour; "Server-side rules": another teacher's plan or class is 404; "School year": a plan's
 * trimestre follows the teacher's calendar unless she chose it; the plan list's filters and keyset pages).
 */
const rules = useRulesDatabase();
beforeAll(() => Logger.overrideLogger(false));

function service(): PlanosService {
  return new PlanosService(
    rules.database,
    rules.repository(PlanosRepository),
    rules.repository(PlanosListRepository),
    rules.repository(TurmasRepository),
    rules.repository(CreditsRepository),
    rules.repository(FairnessRepository),
    mockOf<JobProducer>(),
    new SkillScope(new CurriculumService(rules.repository(CurriculumRepository))),
    new CalendarioService(rules.database, rules.repository(CalendariosRepository)),
  );
}

async function teacherWithTurma() {
  const user = await rules.user();
  return { user, turma: await rules.turma(user.id, { ano: '5' }) };
}

/** A one-lesson Matemática plan asked for through the service (POST /api/planos/generate's body, parsed). */
const generate = (planos: PlanosService, userId: string, turmaId: string, over: Partial<GeneratePlanoInput> = {}) =>
  planos.generate(userId, generatePlanoSchema.parse(generateRequest(turmaId, ['Frações com pizza'], over)), null);

/** The worker's end of a plan's generation: done. */
async function finishPlan(planId: string) {
  const generation = rules.repository(PlanGenerationRepository);
  await generation.markPlanRunning(planId);
  await generation.markPlanDone(planId, 'offline');
}

/** The teacher's plans, lessons, credits and generation requests, as stored. */
const snapshot = (userId: string) =>
  rules.sql(
    `select (select json_agg(p order by p.id) from planos_aula p where user_id = ?) as planos,
            (select json_agg(a order by a.id) from aulas a join planos_aula p on p.id = a.plano_id where p.user_id = ?) as aulas,
            (select json_agg(t order by t.id) from turmas t where user_id = ?) as turmas,
            (select count(*)::int from generation_requests where user_id = ?) as pedidos,
            (select credits from users where id = ?) as creditos`,
    Array(5).fill(userId),
  );
/** The refusal of a generate request, with the teacher's rows checked unchanged by it. */
async function refusedGeneration(planos: PlanosService, userId: string, turmaId: string) {
  const before = await snapshot(userId);
  const refused = await refusal(generate(planos, userId, turmaId));
  expect(await snapshot(userId)).toEqual(before);
  return refused;
}
const credits = async (userId: string) => (await rules.sql<{ credits: number }>(`select credits from users where id = ?`, [userId]))[0].credits;

describe('PlanosService on PostgreSQL: first-generation bounds per user', () => {
  it(
    '3 plans or assessments queued or running at once: the 4th answers 429 with the message, charging and storing nothing',
    rules.rolledBack(async () => {
      const { user, turma } = await teacherWithTurma();
      const planos = service();
      const start = await credits(user.id);
      const ids: string[] = [];
      for (let i = 0; i < LIMITS.generationsInFlightMax; i++) ids.push((await generate(planos, user.id, turma.id)).id);
      expect(await credits(user.id)).toBe(start - LIMITS.generationsInFlightMax * LIMITS.planCost);
      const before = await snapshot(user.id);

      expect(await refusal(generate(planos, user.id, turma.id))).toEqual({ status: 429, message: MSG.generationsInFlight });
      // Assessments share the bound (AvaliacoesService admits them the same way).
      expect(await rules.repository(CreditsRepository).admitGeneration(user.id, 'avaliacao', GENERATION_BOUNDS)).toBe('in-flight');
      expect(await snapshot(user.id)).toEqual(before);

      await finishPlan(ids[0]);
      expect((await generate(planos, user.id, turma.id)).created).toBe(true);
    }),
  );

  it(
    '10 a minute and 60 an hour, plans and assessments together: the next answers 429; an hour later they count no more',
    rules.rolledBack(async () => {
      const { user, turma } = await teacherWithTurma();
      const planos = service();
      for (let i = 0; i < LIMITS.generationsPerMinute; i++) await finishPlan((await generate(planos, user.id, turma.id)).id);
      expect(await refusedGeneration(planos, user.id, turma.id)).toEqual({ status: 429, message: MSG.generationsPerMinute });

      // The minute has passed for those; the hour still counts them, with assessments asked for within it.
      await rules.sql(`update generation_requests set created_at = now() - interval '5 minutes' where user_id = ?`, [user.id]);
      await rules.sql(`insert into generation_requests (user_id, kind, created_at) select ?, 'avaliacao', now() - interval '10 minutes' from generate_series(1, ?)`, [
        user.id,
        LIMITS.generationsPerHour - LIMITS.generationsPerMinute,
      ]);
      expect(await refusedGeneration(planos, user.id, turma.id)).toEqual({ status: 429, message: MSG.generationsPerHour });

      await rules.sql(`update generation_requests set created_at = now() - interval '61 minutes' where user_id = ?`, [user.id]);
      expect((await generate(planos, user.id, turma.id)).created).toBe(true);
    }),
  );

  it(
    'after 3 wholly failed generations in an hour (credits back, plans deleted or not) the next answers 429 until the hour passes',
    rules.rolledBack(async () => {
      const { user, turma } = await teacherWithTurma();
      const planos = service();
      const start = await credits(user.id);
      for (let i = 0; i < LIMITS.generationsFailedPerHour; i++) {
        const { id } = await generate(planos, user.id, turma.id);
        // As the worker ends a plan none of whose lessons could be written: failed, its credit given back once.
        expect(await rules.repository(PlanGenerationRepository).markPlanFailedForRefund(id, 'A IA não respondeu')).not.toBeNull();
        await rules.repository(CreditsRepository).refundCredits(user.id, LIMITS.planCost);
        await planos.remove(user.id, id);
      }
      expect(await credits(user.id)).toBe(start);
      const before = await snapshot(user.id);
      expect(await refusal(generate(planos, user.id, turma.id))).toEqual({ status: 429, message: MSG.generationsFailed });
      expect(await rules.repository(CreditsRepository).admitGeneration(user.id, 'avaliacao', GENERATION_BOUNDS)).toBe('failed');
      expect(await snapshot(user.id)).toEqual(before);

      await rules.sql(`update generation_requests set created_at = now() - interval '61 minutes' where user_id = ?`, [user.id]);
      expect((await generate(planos, user.id, turma.id)).created).toBe(true);
    }),
  );
});

describe("PlanosService on PostgreSQL: another teacher's plan or class", () => {
  it(
    "get, update and remove refuse another teacher's plan, and generate her class (404, the contract's message); nothing changes",
    rules.rolledBack(async () => {
      const owner = await teacherWithTurma();
      const stranger = await teacherWithTurma();
      const plan = await rules.plano(owner.user.id, owner.turma.id);
      const own = await rules.plano(stranger.user.id, stranger.turma.id);
      const planos = service();
      const before = await snapshot(owner.user.id);
      const strangerBefore = await snapshot(stranger.user.id);
      const planoNotFound = { status: 404, message: MSG.planoNotFound };

      expect(await refusal(planos.get(stranger.user.id, plan.id))).toEqual(planoNotFound);
      expect(await refusal(planos.update(stranger.user.id, plan.id, updatePlanoSchema.parse({ temaPrincipal: 'Tomado' })))).toEqual(planoNotFound);
      expect(await refusal(planos.remove(stranger.user.id, plan.id))).toEqual(planoNotFound);
      expect(await refusal(generate(planos, stranger.user.id, owner.turma.id))).toEqual({ status: 404, message: MSG.turmaNotFound });
      // The owner's lesson sent in the stranger's own plan is no lesson of it: nothing of either is saved.
      const edit = updatePlanoSchema.parse({ temaPrincipal: 'Misturado', aulas: [{ id: plan.aulaIds[0], objetivos: 'Outro objetivo' }] });
      expect(await refusal(planos.update(stranger.user.id, own.id, edit))).toEqual({ status: 404, message: MSG.aulaNotFound });

      expect(await snapshot(owner.user.id)).toEqual(before);
      expect(await snapshot(stranger.user.id)).toEqual(strangerBefore);
      expect((await planos.get(owner.user.id, plan.id)).id).toBe(plan.id);
    }),
  );
});

describe("PlanosService on PostgreSQL: a plan's trimestre and the teacher's calendar", () => {
  it(
    "a plan's trimestre is the one of the teacher's calendar holding its start date, unless she chose it",
    rules.rolledBack(async () => {
      const { user, turma } = await teacherWithTurma();
      const planos = service();
      const trimestreOf = async (over: Partial<GeneratePlanoInput>) => {
        const { id } = await generate(planos, user.id, turma.id, over);
        await finishPlan(id);
        return (await planos.get(user.id, id)).trimestre;
      };
      // The RS 2023 network calendar (T1 23/02-31/05, T2 01/06-15/09, T3 18/09-22/12): a day between two is the next's.
      expect(await trimestreOf({ dataInicio: '2023-05-15' })).toBe(1);
      expect(await trimestreOf({ dataInicio: '2023-06-01' })).toBe(2);
      expect(await trimestreOf({ dataInicio: '2023-09-16' })).toBe(3);

      // Her own dates for 2023 take over; a chosen trimestre is kept whatever the date.
      await new CalendarioService(rules.database, rules.repository(CalendariosRepository)).put(user.id, {
        ano: 2023,
        tipo: 'trimestre',
        periodos: [
          { numero: 1, inicio: '2023-02-01', fim: '2023-04-30' },
          { numero: 2, inicio: '2023-05-01', fim: '2023-08-31' },
          { numero: 3, inicio: '2023-09-01', fim: '2023-12-20' },
        ],
      });
      expect(await trimestreOf({ dataInicio: '2023-05-15' })).toBe(2);
      expect(await trimestreOf({ dataInicio: '2023-05-15', trimestre: 3 })).toBe(3);
    }),
  );

  it(
    "a new start date moves a derived trimestre with it, never a chosen one",
    rules.rolledBack(async () => {
      const { user, turma } = await teacherWithTurma();
      const planos = service();
      const derived = await rules.plano(user.id, turma.id, { dataInicio: '2023-03-10', trimestre: 1 });
      const chosen = await rules.plano(user.id, turma.id, { dataInicio: '2023-03-10', trimestre: 1, trimestreEscolhido: true });

      expect((await planos.update(user.id, derived.id, updatePlanoSchema.parse({ dataInicio: '2023-10-02' }))).trimestre).toBe(3);
      expect((await planos.update(user.id, chosen.id, updatePlanoSchema.parse({ dataInicio: '2023-10-02' }))).trimestre).toBe(1);
      // Choosing one fixes it: a later date no longer moves it.
      await planos.update(user.id, derived.id, updatePlanoSchema.parse({ trimestre: 2 }));
      expect((await planos.update(user.id, derived.id, updatePlanoSchema.parse({ dataInicio: '2023-03-01' }))).trimestre).toBe(2);
      // An inverted period is refused and changes nothing.
      const before = await snapshot(user.id);
      expect(await refusal(planos.update(user.id, derived.id, updatePlanoSchema.parse({ dataFim: '2023-02-01' })))).toEqual({
        status: 400,
        message: MSG.periodoInvertido,
      });
      expect(await snapshot(user.id)).toEqual(before);
    }),
  );

  it(
    'under a bimestre calendar a plan takes `periodo` (1..4), its trimestre is null, and `trimestre` in a body is 400 naming the kind',
    rules.rolledBack(async () => {
      const { user, turma } = await teacherWithTurma();
      const planos = service();
      const calendario = new CalendarioService(rules.database, rules.repository(CalendariosRepository));
      await calendario.put(user.id, {
        ano: 2023,
        tipo: 'bimestre',
        periodos: [
          { numero: 1, inicio: '2023-02-23', fim: '2023-04-28' },
          { numero: 2, inicio: '2023-05-02', fim: '2023-07-14' },
          { numero: 3, inicio: '2023-07-31', fim: '2023-09-29' },
          { numero: 4, inicio: '2023-10-02', fim: '2023-12-22' },
        ],
      });
      const derived = await generate(planos, user.id, turma.id, { dataInicio: '2023-10-20' });
      expect(await planos.get(user.id, derived.id)).toMatchObject({ periodo: 4, ano: 2023, periodoTipo: 'bimestre', trimestre: null, periodoEscolhido: false });
      const chosen = await generate(planos, user.id, turma.id, { dataInicio: '2023-10-20', periodo: 2 });
      expect(await planos.get(user.id, chosen.id)).toMatchObject({ periodo: 2, trimestre: null, periodoEscolhido: true });

      await finishPlan(derived.id);
      const before = await snapshot(user.id);
      const refused = (over: Partial<GeneratePlanoInput>) => refusal(generate(planos, user.id, turma.id, over));
      expect(await refused({ dataInicio: '2023-10-20', trimestre: 2 })).toEqual({ status: 400, message: MSG.trimestreForaDoCalendario('bimestre', 2023) });
      expect(await refusal(planos.update(user.id, derived.id, updatePlanoSchema.parse({ trimestre: 1 })))).toEqual({
        status: 400,
        message: MSG.trimestreForaDoCalendario('bimestre', 2023),
      });
      expect(await snapshot(user.id)).toEqual(before);
      // PUT with periodo chooses it; a new date then leaves it.
      await planos.update(user.id, derived.id, updatePlanoSchema.parse({ periodo: 3 }));
      expect(await planos.update(user.id, derived.id, updatePlanoSchema.parse({ dataInicio: '2023-03-01' }))).toMatchObject({ periodo: 3, periodoEscolhido: true });
    }),
  );

  it(
    'a trimestre calendar takes `trimestre` and `periodo` when they agree; they differ, or a period above the count: 400',
    rules.rolledBack(async () => {
      const { user, turma } = await teacherWithTurma();
      const planos = service();
      const both = await generate(planos, user.id, turma.id, { dataInicio: '2023-05-15', trimestre: 3, periodo: 3 });
      expect(await planos.get(user.id, both.id)).toMatchObject({ periodo: 3, trimestre: 3, periodoTipo: 'trimestre', periodoEscolhido: true });
      const refused = (over: Partial<GeneratePlanoInput>) => refusal(generate(planos, user.id, turma.id, over));
      expect(await refused({ dataInicio: '2023-05-15', trimestre: 2, periodo: 3 })).toEqual({ status: 400, message: MSG.periodoTrimestreDivergem });
      expect(await refused({ dataInicio: '2023-05-15', periodo: 4 })).toEqual({ status: 400, message: MSG.periodoAcimaDoTipo(4, 'trimestre', 2023) });
      // 2022 ships the network's bimestres: its 4th exists.
      const b4 = await generate(planos, user.id, turma.id, { dataInicio: '2022-11-10' });
      expect(await planos.get(user.id, b4.id)).toMatchObject({ periodo: 4, ano: 2022, periodoTipo: 'bimestre', trimestre: null });
    }),
  );
});

describe('PlanosService on PostgreSQL: the plan list', () => {
  // The list reads on libs/db's statement pool, outside the test's transaction: these plans are committed, a
  // teacher of this file's own (each file has its database).
  const names: Record<string, string> = {};
  let owner: string;
  let other: string;
  beforeAll(async () => {
    owner = (await rules.user()).id;
    other = (await rules.user()).id;
    const t51 = await rules.turma(owner, { numero: '51' });
    const t52 = await rules.turma(owner, { numero: '52' });
    const plans: [string, string, Parameters<typeof rules.plano>[2]][] = [
      ['A', t51.id, { trimestre: 1 }],
      ['B', t51.id, { trimestre: 2, status: 'salvo' }],
      ['C', t51.id, { trimestre: 2, status: 'editado' }],
      ['D', t52.id, { trimestre: 3, status: 'salvo' }],
      ['E', t52.id, { trimestre: 1, state: 'queued' }],
    ];
    for (const [name, turmaId, options] of plans) names[(await rules.plano(owner, turmaId, { temaPrincipal: `Plano ${name}`, ...options })).id] = name;
    // Another teacher's class numbered 51 too, with a plan of every filter's value.
    await rules.plano(other, (await rules.turma(other, { numero: '51' })).id, { trimestre: 2, status: 'salvo' });
  });

  const list = (query: Partial<PlanosListQueryData> = {}, userId = owner) => service().list(userId, planosListQuerySchema.parse(query));
  const namesOf = async (query: Partial<PlanosListQueryData> = {}) => {
    const page = await list(query);
    return { total: page.total, planos: page.planos.map((p) => names[p.id]) };
  };

  it('newest first, only the teacher\'s own, filtered by class number, status and trimestre alone or together', async () => {
    expect(await namesOf()).toEqual({ total: 5, planos: ['E', 'D', 'C', 'B', 'A'] });
    expect(await namesOf({ turma: '51' })).toEqual({ total: 3, planos: ['C', 'B', 'A'] });
    expect(await namesOf({ status: 'salvo' })).toEqual({ total: 2, planos: ['D', 'B'] });
    expect(await namesOf({ trimestre: 2 })).toEqual({ total: 2, planos: ['C', 'B'] });
    expect(await namesOf({ turma: '51', status: 'salvo', trimestre: 2 })).toEqual({ total: 1, planos: ['B'] });
    expect(await namesOf({ turma: '52', trimestre: 2 })).toEqual({ total: 0, planos: [] });
    // A plan still being generated is listed with its state; a generated one unedited is 'gerado'.
    const all = (await list()).planos;
    expect(all.find((p) => names[p.id] === 'E')).toMatchObject({ generation: { state: 'queued', done: 0, total: 1 }, status: 'gerado' });
    expect(all.find((p) => names[p.id] === 'D')).toMatchObject({ generation: { state: 'done', done: 1, total: 1 }, status: 'salvo', trimestre: 3, turma: { numero: '52' } });
  });

  it('keyset pages walk every plan once, in order, each with the total; a page past the last is empty, with the total', async () => {
    for (const filters of [{}, { turma: '51' }]) {
      const whole = (await list(filters)).planos.map((p) => p.id);
      const seen: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await list({ ...filters, limit: 2, ...(cursor ? { cursor } : {}) });
        expect(page.total).toBe(whole.length);
        seen.push(...page.planos.map((p) => p.id));
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      expect(seen).toEqual(whole);
    }
    // Past the filter's last plan: an empty page, still with the filter's total.
    const cursor = (await list({ limit: 4 })).nextCursor!;
    expect(await list({ cursor, status: 'salvo' })).toEqual({ total: 2, nextCursor: null, planos: [] });
  });

  it('a cursor the api did not make answers 400 with the message', async () => {
    for (const cursor of ['abc', Buffer.from('2026-02-30T10:00:00.000000Z|00000000-0000-0000-0000-000000000000').toString('base64url')]) {
      expect(await refusal(list({ cursor }))).toEqual({ status: 400, message: MSG.cursorInvalid });
    }
  });

  it("another teacher's list holds only her plan, whatever the filter", async () => {
    expect((await list({ turma: '51' }, other)).planos.map((p) => names[p.id] ?? 'dela')).toEqual(['dela']);
    expect((await list({ trimestre: 1 }, other)).total).toBe(0);
  });
});
