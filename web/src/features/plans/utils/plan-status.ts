import { isInProgress } from '@planejador/contracts';
export { hasFailed, isGenerating } from '@/lib/plan-status';

/** 'n aulas' (spec), with the singular for one lesson. */
export function aulasText(count: number): string {
  return count === 1 ? '1 aula' : `${count} aulas`;
}

/** A lesson being written again (its regeneration queued or running). */
export function isLessonBusy(aula: { generation?: { state: string } | null; generationState?: string }): boolean {
  return isInProgress(aula.generation?.state ?? aula.generationState);
}

/** Whether any lesson of the plan is being regenerated (the page then polls and listens to its progress). */
export function anyLessonBusy(plano: { aulas: { generation?: { state: string } | null; generationState?: string }[] } | undefined): boolean {
  return !!plano?.aulas.some(isLessonBusy);
}
