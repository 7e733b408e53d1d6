import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { queryKeys } from '@/lib/query-keys';

/** DELETE /api/avaliacoes/{id}: 204; the class's list and coverage forget it. */
export function useDeleteAvaliacao(id: string, turmaId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => http.delete<void>(`/api/avaliacoes/${encodeURIComponent(id)}`),
    onSuccess: () => {
      client.removeQueries({ queryKey: queryKeys.avaliacao(id), exact: true });
      void client.invalidateQueries({ queryKey: queryKeys.avaliacoesTurma(turmaId) });
      void client.invalidateQueries({ queryKey: queryKeys.cobertura(turmaId) });
    },
    meta: { unauthorizedTitle: 'Não Autorizado' },
  });
}
