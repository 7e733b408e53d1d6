import { DUA_PRINCIPIOS, LESSON_FIELDS, LIMITS, type Aula, type Dua, type LessonField, type Plano, type Verificacao } from '@planejador/contracts';

/**
 * The editable part of a lesson: its id, the five texts, its title, its check of learning and its DUA strategies
 * (while edited, a principle's lines may be blank: duaStrategies cleans them).
 */
export type LessonTexts = { id: string; titulo: string; verificacao: Verificacao | null; dua: Dua | null } & Record<LessonField, string>;

/** What the working copy edits besides the five texts (each compared and merged as one value). */
export const LESSON_EXTRAS = ['titulo', 'verificacao', 'dua'] as const;
type LessonExtra = (typeof LESSON_EXTRAS)[number];

/** Whether this part of the lesson differs between two copies (the check of learning compared by its content). */
export function partDiffers(a: LessonTexts, b: LessonTexts, part: LessonField | LessonExtra): boolean {
  if (part === 'verificacao') return JSON.stringify(a.verificacao) !== JSON.stringify(b.verificacao);
  if (part === 'dua') return JSON.stringify(duaStrategies(a.dua)) !== JSON.stringify(duaStrategies(b.dua));
  return a[part] !== b[part];
}

/** Every part the working copy edits: the five texts, the title and the check. */
export const LESSON_PARTS = [...LESSON_FIELDS, ...LESSON_EXTRAS] as const;

export function lessonTexts(aula: Aula): LessonTexts {
  return {
    id: aula.id,
    titulo: aula.titulo ?? '',
    verificacao: aula.verificacao,
    dua: aula.dua ?? null,
    habilidades: aula.habilidades ?? '',
    objetivos: aula.objetivos ?? '',
    objetosConhecimento: aula.objetosConhecimento ?? '',
    experiencias: aula.experiencias ?? '',
    evidencias: aula.evidencias ?? '',
  };
}

/** DUA strategies as a save sends them: each line trimmed, blank lines left out. */
export function duaStrategies(dua: Dua | null | undefined): Dua | null {
  if (!dua) return null;
  const clean = (lines: string[]) => lines.map((line) => line.trim()).filter(Boolean);
  return Object.fromEntries(DUA_PRINCIPIOS.map((p) => [p, clean(dua[p] ?? [])])) as Record<keyof Dua, string[]>;
}

export function planTexts(plano: Plano): LessonTexts[] {
  return [...plano.aulas].sort((a, b) => a.numeroAula - b.numeroAula).map(lessonTexts);
}

/** Spec section 4: different lesson count, or any of the five texts (or the title, or the check) of any lesson differs. */
export function textsDiffer(edited: LessonTexts[], saved: LessonTexts[]): boolean {
  if (edited.length !== saved.length) return true;
  const byId = new Map(saved.map((lesson) => [lesson.id, lesson]));
  return edited.some((lesson) => {
    const original = byId.get(lesson.id);
    return !original || LESSON_PARTS.some((part) => partDiffers(lesson, original, part));
  });
}

/** Rows for an auto-growing text area: about 80 characters a line, between the spec's 4 and 12. */
export function textareaRows(text: string, charsPerLine = 80): number {
  const lines = text
    .split('\n')
    .reduce((total, line) => total + Math.max(1, Math.ceil(line.length / charsPerLine)), 0);
  return Math.min(LIMITS.textareaMaxRows, Math.max(LIMITS.textareaMinRows, lines));
}
