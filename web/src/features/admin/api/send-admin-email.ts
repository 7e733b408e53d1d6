import type { EmailSenderInput } from '@planejador/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { emailLogsQueryKey } from './get-email-logs';

export interface SendAdminEmailAnswer {
  message: string;
  id: string;
  recipients: number;
}

/** POST /admin/email-sender: 202 { message, id, recipients }; the send itself happens in the worker. */
export function sendAdminEmail(input: EmailSenderInput): Promise<SendAdminEmailAnswer> {
  return http.post<SendAdminEmailAnswer>('/admin/email-sender', input);
}

export function useSendAdminEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendAdminEmail,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: emailLogsQueryKey }),
  });
}
