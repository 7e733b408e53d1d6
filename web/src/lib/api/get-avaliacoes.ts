import type { AvaliacaoResumo } from '@planejador/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { queryKeys } from '@/lib/query-keys';

// Shared read: the class's page lists its assessments, and coverage links a skill to the assessment holding it.

/** While one of them is being written, the list asks again every so often (its state changes). */
const POLL_MS = 3000;

/** GET /api/turmas/{id}/avaliacoes: the class's assessments, newest first, without their questions. */
export const avaliacoesTurmaQueryOptions = (turmaId: string) =>
  queryOptions({
    queryKey: queryKeys.avaliacoesTurma(turmaId),
    queryFn: () => http.get<AvaliacaoResumo[]>(`/api/turmas/${encodeURIComponent(turmaId)}/avaliacoes`),
    refetchInterval: (query) =>
      query.state.data?.some((a) => a.generation.state === 'queued' || a.generation.state === 'running') ? POLL_MS : false,
  });

export function useAvaliacoesTurma(turmaId: string) {
  return useQuery(avaliacoesTurmaQueryOptions(turmaId));
}

/** Each skill code with the newest finished assessment (of a newest-first list) that holds it: what "já avaliada" opens. */
export function newestAssessmentBySkill(avaliacoes: readonly AvaliacaoResumo[]): Map<string, AvaliacaoResumo> {
  const bySkill = new Map<string, AvaliacaoResumo>();
  for (const avaliacao of avaliacoes) {
    if (avaliacao.generation.state !== 'done') continue;
    for (const h of avaliacao.habilidades) if (!bySkill.has(h.code)) bySkill.set(h.code, avaliacao);
  }
  return bySkill;
}
