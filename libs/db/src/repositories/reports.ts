import type { EntityManager } from '@mikro-orm/postgresql';
import { Feedback, FrontendErrorLog } from '../entities';
import { Repository, type Args } from '../database';

/** Stores a user's feedback; returns its id. */
export async function insertFeedback(em: EntityManager, feedback: { userId: string; rating: number; comment: string | null }): Promise<string> {
  const record = em.create(Feedback, { user: feedback.userId, rating: feedback.rating, comment: feedback.comment });
  await em.flush();
  return record.id;
}

/** An error the web's error screen reported (the caller strips tokens from its texts). */
export type NewFrontendError = Pick<FrontendErrorLog, 'message' | 'stack' | 'componentStack' | 'timestamp' | 'url' | 'userAgent'> & {
  /** The signed-in user, or null. */
  userId: string | null;
};

/** Stores a web error report; returns its id. */
export async function insertFrontendError(em: EntityManager, error: NewFrontendError): Promise<string> {
  const { userId, ...fields } = error;
  const record = em.create(FrontendErrorLog, { ...fields, user: userId });
  await em.flush();
  return record.id;
}

/** How long a web error report is kept. */
export const FRONTEND_ERROR_RETENTION_DAYS = 30;

/** Deletes the web error reports older than FRONTEND_ERROR_RETENTION_DAYS (the worker's sweep); returns how many. */
export async function deleteOldFrontendErrors(em: EntityManager): Promise<number> {
  const rows = await em.execute<{ id: string }[]>(
    `delete from frontend_error_logs where created_at < now() - make_interval(days => ?) returning id`,
    [FRONTEND_ERROR_RETENTION_DAYS],
  );
  return rows.length;
}

/** The queries above, on the process's Database (injected in the api and the worker). */
export class ReportsRepository extends Repository {
  insertFeedback(...a: Args<typeof insertFeedback>): ReturnType<typeof insertFeedback> {
    return insertFeedback(this.em, ...a);
  }

  insertFrontendError(...a: Args<typeof insertFrontendError>): ReturnType<typeof insertFrontendError> {
    return insertFrontendError(this.em, ...a);
  }

  deleteOldFrontendErrors(...a: Args<typeof deleteOldFrontendErrors>): ReturnType<typeof deleteOldFrontendErrors> {
    return deleteOldFrontendErrors(this.em, ...a);
  }
}
