import type { MessageResponse } from '@planejador/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { queryKeys } from '@/lib/query-keys';

/** POST /api/auth/verify-email: 200 when the link confirmed the address, 400 { message } when invalid or expired. */
export function verifyEmail(token: string): Promise<MessageResponse> {
  return http.post<MessageResponse>('/api/auth/verify-email', { token });
}

/**
 * A query, not a mutation: the link works once, so the page must send it once per visit (a query is shared
 * by every mount, React's development double mount included), and never again on focus or retry.
 */
export const verifyEmailQueryOptions = (token: string) =>
  queryOptions({
    queryKey: queryKeys.verifyEmail(token),
    queryFn: () => verifyEmail(token),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    meta: { sessionExpiry: false },
  });

export function useVerifyEmail(token: string | null) {
  return useQuery({ ...verifyEmailQueryOptions(token ?? ''), enabled: Boolean(token) });
}
