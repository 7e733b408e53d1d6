import type { GeneratePlanoInput, GenerateResponse } from '@planejador/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { queryKeys } from '@/lib/query-keys';

export interface GeneratePlanoVariables {
  input: GeneratePlanoInput;
  /** One key per confirmed submit: a double click or a retry of the same submit makes one plan. */
  idempotencyKey: string;
}

/** POST /api/planos/generate: 202 { id } (200 when the key was already used); the plan is generated later. */
export function generatePlano({ input, idempotencyKey }: GeneratePlanoVariables): Promise<GenerateResponse> {
  return http.post<GenerateResponse>('/api/planos/generate', input, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function useGeneratePlano() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: generatePlano,
    meta: { unauthorizedTitle: 'Não Autorizado' },
    onSuccess: () => {
      // The credit is taken at once: the balance, the plan list and the stats change now.
      void queryClient.invalidateQueries({ queryKey: queryKeys.currentUser });
      void queryClient.invalidateQueries({ queryKey: queryKeys.planos });
      void queryClient.invalidateQueries({ queryKey: queryKeys.userStats });
    },
  });
}

/** A random key of [A-Za-z0-9-] (crypto.randomUUID needs a secure context; getRandomValues does not). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function' && window.isSecureContext) return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
