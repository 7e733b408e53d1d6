import { LESSON_FIELDS, LIMITS, type Aula, type LessonField, type Plano } from '@planejador/contracts';

/** The editable part of a lesson: its id and the five texts. */
export type LessonTexts = { id: string } & Record<LessonField, string>;

export function lessonTexts(aula: Aula): LessonTexts {
  return {
    id: aula.id,
    habilidades: aula.habilidades ?? '',
    objetivos: aula.objetivos ?? '',
    objetosConhecimento: aula.objetosConhecimento ?? '',
    experiencias: aula.experiencias ?? '',
    evidencias: aula.evidencias ?? '',
  };
}

export function planTexts(plano: Plano): LessonTexts[] {
  return [...plano.aulas].sort((a, b) => a.numeroAula - b.numeroAula).map(lessonTexts);
}

/** Spec section 4: different lesson count, or any of the five texts of any lesson differs. */
export function textsDiffer(edited: LessonTexts[], saved: LessonTexts[]): boolean {
  if (edited.length !== saved.length) return true;
  const byId = new Map(saved.map((lesson) => [lesson.id, lesson]));
  return edited.some((lesson) => {
    const original = byId.get(lesson.id);
    return !original || LESSON_FIELDS.some((field) => lesson[field] !== original[field]);
  });
}

/** Rows for an auto-growing text area: about 80 characters a line, between the spec's 4 and 12. */
export function textareaRows(text: string, charsPerLine = 80): number {
  const lines = text
    .split('\n')
    .reduce((total, line) => total + Math.max(1, Math.ceil(line.length / charsPerLine)), 0);
  return Math.min(LIMITS.textareaMaxRows, Math.max(LIMITS.textareaMinRows, lines));
}
