import { isRegenerationFree, type AdaptarAulaInput, type Plano, type RegenerateAulaResponse } from '@planejador/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { queryKeys } from '@/lib/query-keys';
import { putPlan } from '@/lib/use-plan-progress';
import { withRegenerationQueued } from '../utils/lesson-cache';

/**
 * POST .../adaptar { barreira, instrucao? }: the lesson's activities written again for one barreira, under the
 * regeneration rules (202 { jobId }; 409 while the lesson runs; 402 without a credit when a paid one).
 */
export function useAdaptarAula(planoId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ aulaId, data }: { aulaId: string; data: AdaptarAulaInput }) =>
      http.post<RegenerateAulaResponse>(`/api/planos/${encodeURIComponent(planoId)}/aulas/${encodeURIComponent(aulaId)}/adaptar`, data),
    onSuccess: (_result, { aulaId }) => {
      // As a regeneration: the lesson shows itself queued at once; the socket's events and the poll bring the rest.
      const plano = queryClient.getQueryData<Plano>(queryKeys.plano(planoId));
      const aula = plano?.aulas.find((a) => a.id === aulaId);
      putPlan(queryClient, planoId, plano ? withRegenerationQueued(plano, aulaId) : null);
      if (!aula || !isRegenerationFree(aula.regeneracoes)) void queryClient.invalidateQueries({ queryKey: queryKeys.currentUser });
    },
  });
}
