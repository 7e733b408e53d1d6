import { Feedback, FrontendErrorLog } from '../entities';
import { Repository } from '../database';

/** An error the web's error screen reported (the caller strips tokens from its texts). */
export type NewFrontendError = Pick<FrontendErrorLog, 'message' | 'stack' | 'componentStack' | 'timestamp' | 'url' | 'userAgent'> & {
  /** The signed-in user, or null. */
  userId: string | null;
};

/** How long a web error report is kept. */
export const FRONTEND_ERROR_RETENTION_DAYS = 30;

/** Its queries, each one method, on the process's Database (injected by class in the api and the worker). */
export class ReportsRepository extends Repository {
  /** Stores a user's feedback; returns its id. */
  async insertFeedback(feedback: { userId: string; rating: number; comment: string | null }): Promise<string> {
    const em = this.em;
    const record = em.create(Feedback, { user: feedback.userId, rating: feedback.rating, comment: feedback.comment });
    await em.flush();
    return record.id;
  }

  /** Stores a web error report; returns its id. */
  async insertFrontendError(error: NewFrontendError): Promise<string> {
    const em = this.em;
    const { userId, ...fields } = error;
    const record = em.create(FrontendErrorLog, { ...fields, user: userId });
    await em.flush();
    return record.id;
  }

  /** Deletes the web error reports older than FRONTEND_ERROR_RETENTION_DAYS (the worker's sweep); returns how many. */
  async deleteOldFrontendErrors(): Promise<number> {
    const rows = await this.em.execute<{ id: string }[]>(
      `delete from frontend_error_logs where created_at < now() - make_interval(days => ?) returning id`,
      [FRONTEND_ERROR_RETENTION_DAYS],
    );
    return rows.length;
  }
}
