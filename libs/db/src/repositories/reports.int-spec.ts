import { Feedback, FrontendErrorLog } from '../entities';
import { ReportsRepository } from './reports';
import { createTestDatabase, type TestDatabase } from './__tests__/test-database';

describe('reports repository (PostgreSQL)', () => {
  let db: TestDatabase;
  let reportsRepo: ReportsRepository;

  beforeAll(async () => {
    db = await createTestDatabase('reports');
    reportsRepo = new ReportsRepository(db.database);
  });
  afterAll(async () => {
    await db?.close();
  });

  it('insertFeedback stores the user’s rating and comment', async () => {
    const user = await db.user();
    const id = await reportsRepo.insertFeedback({ userId: user.id, rating: 4, comment: 'Muito útil' });
    const stored = await db.orm.em.fork().findOneOrFail(Feedback, { id });
    expect(stored).toMatchObject({ rating: 4, comment: 'Muito útil' });
    expect(stored.user.id).toBe(user.id);
  });

  it('insertFrontendError stores the report, with or without a signed-in user', async () => {
    const user = await db.user();
    const report = { message: 'TypeError: x is undefined', stack: 'at /planos', componentStack: null, timestamp: '2026-11-25T10:00:00Z', url: '/planos', userAgent: 'Chromium' };
    const mine = await reportsRepo.insertFrontendError({ ...report, userId: user.id });
    const anonymous = await reportsRepo.insertFrontendError({ ...report, userId: null });
    const stored = await db.orm.em.fork().findOneOrFail(FrontendErrorLog, { id: mine });
    expect(stored).toMatchObject(report);
    expect(stored.user?.id).toBe(user.id);
    expect((await db.orm.em.fork().findOneOrFail(FrontendErrorLog, { id: anonymous })).user).toBeNull();
  });

  it('deleteOldFrontendErrors deletes the reports older than 30 days and keeps the others', async () => {
    const report = { message: 'Erro', stack: null, componentStack: null, timestamp: null, url: null, userAgent: null, userId: null };
    const ids = { old: '', almost: '', fresh: '' };
    for (const key of Object.keys(ids) as (keyof typeof ids)[]) ids[key] = await reportsRepo.insertFrontendError(report);
    const age = (id: string, interval: string) =>
      db.orm.em.fork().getConnection().execute(`update frontend_error_logs set created_at = now() - ?::interval where id = ?`, [interval, id]);
    await age(ids.old, '30 days 1 minute');
    await age(ids.almost, '29 days 23 hours');
    expect(await reportsRepo.deleteOldFrontendErrors()).toBe(1);
    const left = (await db.orm.em.fork().find(FrontendErrorLog, { id: { $in: Object.values(ids) } })).map((r) => r.id).sort();
    expect(left).toEqual([ids.almost, ids.fresh].sort());
    expect(await reportsRepo.deleteOldFrontendErrors()).toBe(0);
  });
});
