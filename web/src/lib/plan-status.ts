import { isInProgress, type Generation } from '@planejador/contracts';

/** The worker is still writing the plan (queued or running). */
export function isGenerating(generation: Generation | undefined | null): boolean {
  return isInProgress(generation?.state);
}

export function hasFailed(generation: Generation | undefined | null): boolean {
  return generation?.state === 'failed';
}

/** A lesson being written again (its regeneration queued or running). */
export function isLessonBusy(aula: { generation: { state: string } }): boolean {
  return isInProgress(aula.generation.state);
}

/** Whether any lesson of the plan is being regenerated (the page then polls and listens to its progress). */
export function anyLessonBusy(plano: { aulas: { generation: { state: string } }[] } | undefined): boolean {
  return !!plano?.aulas.some(isLessonBusy);
}
