import type { MessageResponse, ResetPasswordInput } from '@planejador/contracts';
import { useMutation } from '@tanstack/react-query';
import { http } from '@/lib/http';

/** POST /api/auth/reset-password: sets the new password and spends the token. */
export function resetPassword(input: ResetPasswordInput): Promise<MessageResponse> {
  return http.post<MessageResponse>('/api/auth/reset-password', input);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword, meta: { sessionExpiry: false } });
}
