/**
 * Errors that mean PostgreSQL or Redis is unreachable (down, restarting, refusing connections): the api answers
 * 503, and the worker waits for it to come back instead of failing a lesson or a plan for it.
 */
export function isUnavailableError(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const e = err as { code?: string; message?: string; name?: string };
  const codes = ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', '57P01', '57P02', '57P03', '08000', '08003', '08006', '53300'];
  if (e.code && codes.includes(e.code)) return true;
  const msg = e.message ?? '';
  return /Connection terminated|connect ECONNREFUSED|Connection is closed|Stream isn't writeable|timeout exceeded when trying to connect|Timeout acquiring a connection|the database system is (starting up|shutting down)|Client has encountered a connection error|MaxRetriesPerRequest|Reached the max retries/i.test(
    msg,
  );
}
