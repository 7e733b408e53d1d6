import type { EmailLogEntry } from '@planejador/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';

export const emailLogsQueryKey = ['admin', 'email-logs'] as const;

/** While a send is still queued or sending, the list refreshes itself this often. */
const PENDING_REFRESH_MS = 3000;

/** GET /api/admin/email-logs: past bulk sends, newest first (admins only). */
export function getEmailLogs(): Promise<EmailLogEntry[]> {
  return http.get<EmailLogEntry[]>('/api/admin/email-logs');
}

export const isPendingSend = (log: EmailLogEntry) => log.status === 'queued' || log.status === 'sending';

export const emailLogsQueryOptions = () =>
  queryOptions({
    queryKey: emailLogsQueryKey,
    queryFn: getEmailLogs,
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.some(isPendingSend) ? PENDING_REFRESH_MS : false),
  });

export function useEmailLogs(options: { enabled?: boolean } = {}) {
  return useQuery({ ...emailLogsQueryOptions(), enabled: options.enabled ?? true });
}
