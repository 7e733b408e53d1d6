import type { Turma } from '@planejador/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../http';
import { queryKeys } from '../query-keys';

// Shared read: the turmas, generation and plans features all list the user's classes.

/** GET /api/turmas: the user's classes, newest first, each with _count.planosAula. */
export function getTurmas(): Promise<Turma[]> {
  return http.get<Turma[]>('/api/turmas');
}

export const turmasQueryOptions = () => queryOptions({ queryKey: queryKeys.turmas, queryFn: getTurmas });

export function useTurmas(options: { enabled?: boolean } = {}) {
  return useQuery({ ...turmasQueryOptions(), enabled: options.enabled ?? true });
}
