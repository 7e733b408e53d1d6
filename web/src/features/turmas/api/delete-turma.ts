import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { queryKeys } from '@/lib/query-keys';

/** DELETE /api/turmas/:id: 204; the class's plans go with it. */
export function deleteTurma(id: string): Promise<void> {
  return http.delete(`/api/turmas/${encodeURIComponent(id)}`);
}

export function useDeleteTurma() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTurma,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.turmas });
      void queryClient.invalidateQueries({ queryKey: queryKeys.planos });
      void queryClient.invalidateQueries({ queryKey: queryKeys.userStats });
    },
  });
}
