import { schoolDate, type Calendario, type PutCalendarioData } from '@planejador/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { queryKeys } from '@/lib/query-keys';

// Shared: the settings page edits the calendar; the coverage page asks to confirm provisional dates.

/** This year in the school's time zone. */
export const anoAtual = (): number => Number(schoolDate().slice(0, 4));

/** GET /api/calendario?ano=: the teacher's kind and dates, the RS network's, or provisional ones. */
export function useCalendario(ano: number) {
  return useQuery({
    queryKey: queryKeys.calendario(ano),
    queryFn: () => http.get<Calendario>(`/api/calendario?ano=${ano}`),
  });
}

/** PUT /api/calendario: her own kind and dates; plans whose period was derived move with them (refreshed). */
export function useSaveCalendario() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PutCalendarioData) => http.put<Calendario & { planosMovidos: number }>('/api/calendario', input),
    onSuccess: ({ planosMovidos: moved, ...saved }) => {
      queryClient.setQueryData<Calendario>(queryKeys.calendario(saved.ano), saved);
      // The plans (their coverage and the pages that name their periods) follow the new kind and dates.
      if (moved > 0) void queryClient.invalidateQueries({ queryKey: queryKeys.planos });
    },
  });
}
