import {
  isRegenerationFree,
  type Aula,
  type AulaVersao,
  type Plano,
  type RegenerateAulaInput,
  type RegenerateAulaResponse,
} from '@planejador/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { queryKeys } from '@/lib/query-keys';
import { putPlan, withRegenerationQueued } from '../utils/lesson-cache';

const lessonUrl = (planoId: string, aulaId: string) =>
  `/api/planos/${encodeURIComponent(planoId)}/aulas/${encodeURIComponent(aulaId)}`;

/** POST .../regenerar: 202 { jobId }; 409 while that lesson runs; 402 when a paid regeneration finds no credit. */
export function useRegenerateAula(planoId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ aulaId, data }: { aulaId: string; data: RegenerateAulaInput }) =>
      http.post<RegenerateAulaResponse>(`${lessonUrl(planoId, aulaId)}/regenerar`, data),
    onSuccess: (_result, { aulaId, data }) => {
      // The lesson shows what the api stored at once (queued, counted, pins kept): no GET of the plan, the socket's
      // events and the poll bring the rest. The credits are asked again only when this one was not free.
      const plano = queryClient.getQueryData<Plano>(queryKeys.plano(planoId));
      const aula = plano?.aulas.find((a) => a.id === aulaId);
      putPlan(queryClient, planoId, plano ? withRegenerationQueued(plano, aulaId, data.habilidadesFixadas) : null);
      if (!aula || !isRegenerationFree(aula.regeneracoes)) void queryClient.invalidateQueries({ queryKey: queryKeys.currentUser });
    },
  });
}

export function useAulaVersoes(planoId: string, aulaId: string, enabled: boolean, versao: number) {
  return useQuery({
    queryKey: [...queryKeys.plano(planoId), 'aula', aulaId, 'versoes', versao] as const,
    queryFn: () => http.get<AulaVersao[]>(`${lessonUrl(planoId, aulaId)}/versoes`),
    enabled,
  });
}

/** POST .../versoes/{versao}/restaurar: that content becomes current again, as a new version. */
export function useRestoreVersao(planoId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ aulaId, versao }: { aulaId: string; versao: number }) =>
      http.post<Aula>(`${lessonUrl(planoId, aulaId)}/versoes/${versao}/restaurar`, {}),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.plano(planoId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.planosLists });
    },
  });
}
