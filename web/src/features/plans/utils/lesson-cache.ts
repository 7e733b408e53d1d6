import type { Plano } from '@planejador/contracts';
import { withLesson } from '@/lib/plan-progress';

/**
 * The cached plan once the api accepted a regeneration (202), as the api now stores the lesson: queued, no error,
 * one more regeneration counted (a failed lesson's too) and the pins sent kept. Null: not in the cache. The
 * regeneration's progress then comes by the plan's progress stream (lib/use-plan-progress.ts).
 */
export function withRegenerationQueued(plano: Plano, aulaId: string, habilidadesFixadas?: string[]): Plano | null {
  if (!plano.aulas.some((aula) => aula.id === aulaId)) return null;
  return withLesson(plano, aulaId, (aula) => ({
    ...aula,
    generation: { state: 'queued', error: null },
    regeneracoes: aula.regeneracoes + 1,
    habilidadesFixadas: habilidadesFixadas?.length ? habilidadesFixadas : aula.habilidadesFixadas,
  }));
}
