import type { FeedbackInput, MessageResponse } from '@planejador/contracts';
import { useMutation } from '@tanstack/react-query';
import { http } from '@/lib/http';

/** POST /api/feedback: 201 { message }. */
export function createFeedback(input: FeedbackInput): Promise<MessageResponse> {
  return http.post<MessageResponse>('/api/feedback', input);
}

export function useCreateFeedback() {
  return useMutation({ mutationFn: createFeedback });
}
