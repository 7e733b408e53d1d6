import type { Turma, TurmaData } from '@planejador/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { queryKeys } from '@/lib/query-keys';

/** PUT /api/turmas/:id with the whole class. */
export function updateTurma({ id, data }: { id: string; data: TurmaData }): Promise<Turma> {
  return http.put<Turma>(`/api/turmas/${encodeURIComponent(id)}`, data);
}

export function useUpdateTurma() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTurma,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.turmas });
      // Plans show their class number and school.
      void queryClient.invalidateQueries({ queryKey: queryKeys.planos });
    },
  });
}
