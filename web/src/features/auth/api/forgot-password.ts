import type { ForgotPasswordInput, MessageResponse } from '@planejador/contracts';
import { useMutation } from '@tanstack/react-query';
import { http } from '@/lib/http';

/** POST /api/auth/forgot-password: the same message whether or not the e-mail exists. */
export function forgotPassword(input: ForgotPasswordInput): Promise<MessageResponse> {
  return http.post<MessageResponse>('/api/auth/forgot-password', input);
}

/** The spec shows the answer green when it announces the e-mail, red otherwise. */
export function isForgotPasswordSuccess(message: string): boolean {
  return message.includes('receberá') || message.includes('cadastrado');
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword, meta: { sessionExpiry: false } });
}
