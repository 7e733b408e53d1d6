import { Logger } from '@nestjs/common';
import { adaptarAulaSchema, aulaVersoesQuerySchema, LIMITS, MSG, regenerateAulaSchema } from '@planejador/contracts';
import type { Settings } from '@planejador/config';
import { CurriculumService } from '@planejador/curriculum';
import {
  AulasRepository,
  CreditsRepository,
  CurriculumRepository,
  FairnessRepository,
  LessonContentRepository,
  PlanosRepository,
} from '@planejador/db';
import type { JobProducer } from '@planejador/queue';
import { lessonDraft, useRulesDatabase } from '@planejador/testing';
import { mockOf, refusal } from '../../test/service-fakes';
import { AulasService } from './aulas.service';
import { SkillScope } from './skill-scope';

/**
 * The rules tier: AulasService on the real repositories, each test in a transaction rolled back at its end
 * (decisions.md, "Lesson control" and "Sessions and security": 3 regenerations queued or running at once, 30 an
 * hour, per user; another teacher's lesson is 404 and changes nothing).
 */
const rules = useRulesDatabase();
beforeAll(() => Logger.overrideLogger(false));

/** The service as the api builds it (offline: regenerations are free, so credits never bound these tests). */
function service(online = false): AulasService {
  const scope = new SkillScope(new CurriculumService(rules.repository(CurriculumRepository)));
  const settings = { OPENAI_API_KEY: online ? 'sk-test' : '' } as Settings;
  return new AulasService(
    rules.database,
    rules.repository(PlanosRepository),
    rules.repository(AulasRepository),
    rules.repository(LessonContentRepository),
    rules.repository(CreditsRepository),
    rules.repository(FairnessRepository),
    scope,
    mockOf<JobProducer>(),
    settings,
  );
}

/** A teacher with a generated plan of `lessons` lessons of a 5º ano class. */
async function teacherWithPlan(lessons = 1) {
  const user = await rules.user();
  const turma = await rules.turma(user.id, { ano: '5' });
  const plan = await rules.plano(user.id, turma.id, { aulas: Array.from({ length: lessons }, (_, i) => `Aula ${i + 1}: frações`) });
  return { user, turma, plan };
}

/** The worker's end of a queued regeneration: the lesson's new content, stored for that job. */
const finish = (aulaId: string, jobId: string) =>
  rules.repository(LessonContentRepository).storeLessonContent({ aulaId, jobId, draft: lessonDraft({ titulo: 'Frações de novo' }), origem: 'regeneracao' });

const regenerate = (aulas: AulasService, userId: string, planId: string, aulaId: string) => aulas.regenerate(userId, planId, aulaId, regenerateAulaSchema.parse({}));

/** Everything of the teacher's that a lesson's control may change: lessons, versions, requests, credits. */
const snapshot = (userId: string) =>
  rules.sql(
    `select (select json_agg(a order by a.id) from aulas a join planos_aula p on p.id = a.plano_id where p.user_id = ?) as aulas,
            (select json_agg(v order by v.id) from aula_versoes v join aulas a on a.id = v.aula_id join planos_aula p on p.id = a.plano_id where p.user_id = ?) as versoes,
            (select count(*)::int from regeneration_requests where user_id = ?) as pedidos,
            (select credits from users where id = ?) as creditos`,
    Array(4).fill(userId),
  );

describe('AulasService on PostgreSQL: regeneration bounds per user', () => {
  it(
    '3 regenerations queued or running at once: the 4th (a regeneration or an adaptation) answers 429 with the message and changes nothing',
    rules.rolledBack(async () => {
      const { user, plan } = await teacherWithPlan(LIMITS.regenerationsInFlightMax + 1);
      const aulas = service();
      const jobs: string[] = [];
      for (const aulaId of plan.aulaIds.slice(0, LIMITS.regenerationsInFlightMax)) jobs.push((await regenerate(aulas, user.id, plan.id, aulaId)).jobId);
      const last = plan.aulaIds[LIMITS.regenerationsInFlightMax];
      const before = await snapshot(user.id);

      expect(await refusal(regenerate(aulas, user.id, plan.id, last))).toEqual({ status: 429, message: MSG.regenerationsInFlight });
      expect(await refusal(aulas.adapt(user.id, plan.id, last, adaptarAulaSchema.parse({ barreira: 'leitura' })))).toEqual({
        status: 429,
        message: MSG.regenerationsInFlight,
      });
      expect(await snapshot(user.id)).toEqual(before);

      // One of them ends: the next one is admitted.
      expect(await finish(plan.aulaIds[0], jobs[0])).not.toBeNull();
      expect((await regenerate(aulas, user.id, plan.id, last)).jobId).toEqual(expect.any(String));
    }),
  );

  it(
    '30 an hour: the 31st answers 429 with the message, even with none in flight; an hour later they count no more',
    rules.rolledBack(async () => {
      const { user, plan } = await teacherWithPlan(2);
      const aulas = service();
      for (let i = 0; i < LIMITS.regenerationsPerHour; i++) {
        const aulaId = plan.aulaIds[i % 2];
        await finish(aulaId, (await regenerate(aulas, user.id, plan.id, aulaId)).jobId);
      }
      const before = await snapshot(user.id);
      expect(await refusal(regenerate(aulas, user.id, plan.id, plan.aulaIds[0]))).toEqual({ status: 429, message: MSG.regenerationsPerHour });
      expect(await snapshot(user.id)).toEqual(before);

      await rules.sql(`update regeneration_requests set created_at = now() - interval '61 minutes' where user_id = ?`, [user.id]);
      expect((await regenerate(aulas, user.id, plan.id, plan.aulaIds[0])).jobId).toEqual(expect.any(String));
      // The old ones are cleared as the new one is recorded.
      expect(await rules.sql(`select count(*)::int as n from regeneration_requests where user_id = ?`, [user.id])).toEqual([{ n: 1 }]);
    }),
  );

  it(
    "the bounds are each teacher's own: another teacher's regenerations in flight do not count",
    rules.rolledBack(async () => {
      const busy = await teacherWithPlan(LIMITS.regenerationsInFlightMax);
      const aulas = service();
      for (const aulaId of busy.plan.aulaIds) await regenerate(aulas, busy.user.id, busy.plan.id, aulaId);
      const other = await teacherWithPlan(1);
      expect((await regenerate(aulas, other.user.id, other.plan.id, other.plan.aulaIds[0])).jobId).toEqual(expect.any(String));
    }),
  );

  it(
    'a refused paid regeneration (no credits left) charges nothing and records no request',
    rules.rolledBack(async () => {
      const { user, plan } = await teacherWithPlan(1);
      const aulas = service(true);
      const aulaId = plan.aulaIds[0];
      for (let i = 0; i < LIMITS.freeRegenerations; i++) await finish(aulaId, (await regenerate(aulas, user.id, plan.id, aulaId)).jobId);
      await rules.repository(CreditsRepository).setUserCredits(user.id, 0);
      const before = await snapshot(user.id);
      expect(await refusal(regenerate(aulas, user.id, plan.id, aulaId))).toEqual({ status: 402, message: MSG.regenerationInsufficientCredits });
      expect(await snapshot(user.id)).toEqual(before);
    }),
  );
});

describe("AulasService on PostgreSQL: another teacher's lesson", () => {
  it(
    "every method that takes a lesson refuses another teacher's (404, the lesson's message) and changes nothing",
    rules.rolledBack(async () => {
      const owner = await teacherWithPlan(1);
      const stranger = await teacherWithPlan(1);
      const aulas = service();
      const aulaId = owner.plan.aulaIds[0];
      const before = await snapshot(owner.user.id);
      const strangerBefore = await snapshot(stranger.user.id);
      const notFound = { status: 404, message: MSG.aulaNotFound };

      // The owner's plan and lesson, and the stranger's own plan with the owner's lesson.
      for (const planId of [owner.plan.id, stranger.plan.id]) {
        expect(await refusal(regenerate(aulas, stranger.user.id, planId, aulaId))).toEqual(notFound);
        expect(await refusal(aulas.adapt(stranger.user.id, planId, aulaId, adaptarAulaSchema.parse({ barreira: 'atencao' })))).toEqual(notFound);
        expect(await refusal(aulas.versions(stranger.user.id, planId, aulaId, aulaVersoesQuerySchema.parse({})))).toEqual(notFound);
        expect(await refusal(aulas.restore(stranger.user.id, planId, aulaId, 1))).toEqual(notFound);
      }

      expect(await snapshot(owner.user.id)).toEqual(before);
      expect(await snapshot(stranger.user.id)).toEqual(strangerBefore);
      // The owner still can.
      expect((await aulas.versions(owner.user.id, owner.plan.id, aulaId, aulaVersoesQuerySchema.parse({}))).versions).toHaveLength(1);
    }),
  );
});
