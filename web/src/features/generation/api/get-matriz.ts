import type { MatrizResponse } from '@planejador/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/matriz/{turma}/{materia}: the curriculum matrix of the class's year for that subject. */
export function getMatriz(turma: string, materia: string): Promise<MatrizResponse> {
  return http.get<MatrizResponse>(`/api/matriz/${encodeURIComponent(turma)}/${encodeURIComponent(materia)}`);
}

export const matrizQueryOptions = (turma: string, materia: string) =>
  queryOptions({
    queryKey: queryKeys.matriz(turma, materia),
    queryFn: () => getMatriz(turma, materia),
    // Spec section 7: runs only when both parts are set; no retry.
    enabled: Boolean(turma && materia),
    retry: false,
  });

export function useMatriz(turma: string, materia: string, options: { enabled?: boolean } = {}) {
  const base = matrizQueryOptions(turma, materia);
  return useQuery({ ...base, enabled: base.enabled && (options.enabled ?? true) });
}
