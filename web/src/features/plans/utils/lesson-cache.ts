import { type Aula, type LessonProgressEvent, type Plano } from '@planejador/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';

/** The plan with one lesson replaced, its count of done lessons computed as the api computes it. */
function withLesson(plano: Plano, aulaId: string, change: (aula: Aula) => Aula): Plano {
  const aulas = plano.aulas.map((aula) => (aula.id === aulaId ? change(aula) : aula));
  return { ...plano, aulas, generation: { ...plano.generation, done: aulas.filter((a) => a.generation.state === 'done').length } };
}

/**
 * The cached plan once the api accepted a regeneration (202), as the api now stores the lesson: queued, no error,
 * one more regeneration counted (a failed lesson's too) and the pins sent kept. Null: not in the cache.
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

/**
 * The cached plan after a lesson's progress event, or null when the event does not say enough and the plan must
 * be asked again: a failure (the lesson's state, error and credit come from the api), a 'done' without the stored
 * lesson (an older worker), or a lesson this plan does not have. 'started' sets the lesson's state;
 * 'done' puts the stored lesson in, unless the cache already has a newer version of it.
 */
export function withLessonEvent(plano: Plano, event: LessonProgressEvent): Plano | null {
  const cached = plano.aulas.find((aula) => aula.id === event.aulaId);
  if (!cached || event.planId !== plano.id) return null;
  // A 'delta' (the AI's text so far, streaming) says the lesson is running; its text is shown from the lesson
  // stream (lib/lesson-stream.ts), never put in the cached lesson: only the stored answer goes there.
  if (event.type === 'started' || event.type === 'delta') {
    if (event.type === 'delta' && cached.generation.state === event.state) return plano;
    return withLesson(plano, event.aulaId, (aula) => ({
      ...aula,
      generation: { state: event.state, error: null },
    }));
  }
  const stored = event.type === 'done' ? event.aula : undefined;
  if (!stored || stored.id !== event.aulaId) return null;
  if (cached.versao > stored.versao) return plano;
  return withLesson(plano, event.aulaId, () => stored);
}

/**
 * Puts the plan the page now knows in the cache, or refetches it when `next` is null. A fetch of the plan already on
 * its way may have left before what `next` shows: it is replaced by a new one, so an older answer never
 * overwrites it.
 */
export function putPlan(queryClient: QueryClient, planoId: string, next: Plano | null): void {
  const key = queryKeys.plano(planoId);
  const refetch = () => void queryClient.invalidateQueries({ queryKey: key, exact: true });
  if (!next) return refetch();
  const fetching = queryClient.isFetching({ queryKey: key, exact: true }) > 0;
  queryClient.setQueryData<Plano>(key, next);
  if (fetching) refetch();
}
