import type { Plano, UpdatePlanoInput } from '@planejador/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { queryKeys } from '@/lib/query-keys';

/** PUT /api/planos/:id: replaces the lesson texts and sets the status; 409 while the plan is generating. */
export function updatePlano({ id, data }: { id: string; data: UpdatePlanoInput }): Promise<Plano> {
  return http.put<Plano>(`/api/planos/${encodeURIComponent(id)}`, data);
}

export function useUpdatePlano() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePlano,
    onSuccess: (plano) => {
      queryClient.setQueryData(queryKeys.plano(plano.id), plano);
      // The history, the dashboard's recent plans and its counts follow.
      void queryClient.invalidateQueries({ queryKey: queryKeys.planosLists });
      void queryClient.invalidateQueries({ queryKey: queryKeys.userStats });
    },
  });
}
