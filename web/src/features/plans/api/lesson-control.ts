import {
  AULA_VERSOES_HEADERS,
  isRegenerationFree,
  type Aula,
  type AulaVersao,
  type Plano,
  type RegenerateAulaInput,
  type RegenerateAulaResponse,
} from '@planejador/contracts';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { http, request } from '@/lib/http';
import { queryKeys } from '@/lib/query-keys';
import { putPlan } from '@/lib/use-plan-progress';
import { withRegenerationQueued } from '../utils/lesson-cache';

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

/** One page of GET .../versoes (newest first) and the `antes` of the older page, when one remains. */
async function getAulaVersoes(planoId: string, aulaId: string, antes: number | null, signal?: AbortSignal) {
  const response = await request('GET', `${lessonUrl(planoId, aulaId)}/versoes${antes ? `?antes=${antes}` : ''}`, { signal });
  const versions = (await response.json()) as AulaVersao[];
  const next = Number(response.headers.get(AULA_VERSOES_HEADERS.nextAntes));
  return { versions, nextAntes: Number.isInteger(next) && next > 0 ? next : null };
}

/** The lesson's versions, a page at a time (the newest 20 first; 'Ver versões anteriores' loads the next). */
export function useAulaVersoes(planoId: string, aulaId: string, enabled: boolean, versao: number) {
  return useInfiniteQuery({
    queryKey: [...queryKeys.plano(planoId), 'aula', aulaId, 'versoes', versao] as const,
    queryFn: ({ pageParam, signal }) => getAulaVersoes(planoId, aulaId, pageParam, signal),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextAntes,
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
