export { anyLessonBusy, hasFailed, isGenerating, isLessonBusy } from '@/lib/plan-status';

/** 'n aulas' (spec), with the singular for one lesson. */
export function aulasText(count: number): string {
  return count === 1 ? '1 aula' : `${count} aulas`;
}
