import type { MessageResponse } from '@planejador/contracts';
import { useMutation } from '@tanstack/react-query';
import { http } from '@/lib/http';

/** POST /api/auth/verify-email: 200 when the link confirmed the address, 400 { message } when invalid or expired. */
export function verifyEmail(token: string): Promise<MessageResponse> {
  return http.post<MessageResponse>('/api/auth/verify-email', { token });
}

/**
 * A mutation the page runs when the person presses its button, never on load: mail scanners open links (and some
 * run their scripts), and the link works once.
 */
export function useVerifyEmail() {
  return useMutation({ mutationFn: verifyEmail, retry: false, meta: { sessionExpiry: false } });
}
