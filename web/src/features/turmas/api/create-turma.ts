import type { Turma, TurmaData } from '@planejador/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { queryKeys } from '@/lib/query-keys';

/** POST /api/turmas: 201 with the new class. */
export function createTurma(input: TurmaData): Promise<Turma> {
  return http.post<Turma>('/api/turmas', input);
}

export function useCreateTurma() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTurma,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.turmas });
      void queryClient.invalidateQueries({ queryKey: queryKeys.userStats });
    },
  });
}
