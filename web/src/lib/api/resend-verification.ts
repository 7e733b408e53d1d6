import type { MessageResponse } from '@planejador/contracts';
import { useMutation } from '@tanstack/react-query';
import { http } from '../http';

/**
 * POST /api/auth/resend-verification: a new confirmation link by e-mail (signed in; a few per hour, else 429).
 * Shared by the dashboard's banner and the /verificar-email page.
 */
export function resendVerification(): Promise<MessageResponse> {
  return http.post<MessageResponse>('/api/auth/resend-verification');
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
