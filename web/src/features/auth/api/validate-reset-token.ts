import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { queryKeys } from '@/lib/query-keys';

/** POST /api/auth/validate-reset-token: 200 when valid, 400 { message } otherwise. */
export async function validateResetToken(token: string): Promise<{ valid: boolean }> {
  return http.post<{ valid: boolean }>('/api/auth/validate-reset-token', { token });
}

export const resetTokenQueryOptions = (token: string) =>
  queryOptions({
    queryKey: queryKeys.resetToken(token),
    queryFn: () => validateResetToken(token),
    // Checked once per visit: the answer does not change while the page is open.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    meta: { sessionExpiry: false },
  });

export function useValidateResetToken(token: string | null) {
  return useQuery({ ...resetTokenQueryOptions(token ?? ''), enabled: Boolean(token) });
}
