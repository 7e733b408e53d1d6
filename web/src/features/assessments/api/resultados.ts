import type { Avaliacao, UpdateResultadosData } from '@planejador/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { queryKeys } from '@/lib/query-keys';

/** PUT /api/avaliacoes/{id}/resultados: how many students reached each level, for the skills sent (counts only). */
export function useSaveResultados(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (data: UpdateResultadosData) => http.put<Avaliacao>(`/api/avaliacoes/${encodeURIComponent(id)}/resultados`, data),
    onSuccess: (saved) => {
      client.setQueryData(queryKeys.avaliacao(id), saved);
      // Coverage shows each skill's share at "desenvolveu" or above.
      void client.invalidateQueries({ queryKey: queryKeys.cobertura(saved.turmaId) });
    },
  });
}
