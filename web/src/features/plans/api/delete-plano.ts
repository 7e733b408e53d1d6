import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { queryKeys } from '@/lib/query-keys';

/** DELETE /api/planos/:id: 204; the lessons go with it. */
export function deletePlano(id: string): Promise<void> {
  return http.delete(`/api/planos/${encodeURIComponent(id)}`);
}

export function useDeletePlano() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePlano,
    meta: { unauthorizedTitle: 'Não Autorizado' },
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: queryKeys.plano(id), exact: true });
      void queryClient.invalidateQueries({ queryKey: queryKeys.planosLists });
      void queryClient.invalidateQueries({ queryKey: queryKeys.userStats });
      // Class cards show how many plans each class has.
      void queryClient.invalidateQueries({ queryKey: queryKeys.turmas });
    },
  });
}
