import type { MatrizMeta } from '@planejador/contracts';
import { useQuery } from '@tanstack/react-query';
import { request } from '@/lib/http';
import { queryKeys } from '@/lib/query-keys';

/**
 * GET /api/matriz/{turma}/{materia}/info: the matrix's facts alone, for example whether RS items are loaded (the
 * generate form's "Preferir matriz SEDUC-RS" and the plan page's summary of it).
 */
export function useMatrizInfo(turma: string, materia: string, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: [...queryKeys.matriz(turma, materia), 'info'] as const,
    queryFn: ({ signal }) =>
      request('GET', `/api/matriz/${encodeURIComponent(turma)}/${encodeURIComponent(materia)}/info`, { signal }).then(
        (r) => r.json() as Promise<MatrizMeta>,
      ),
    enabled: Boolean(turma && materia) && (options.enabled ?? true),
    staleTime: 5 * 60_000,
  });
}
