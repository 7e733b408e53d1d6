import { averageSentenceWords, sentencesOf, wordCount } from '../dua/adapt-activities';
import type { AdaptedLesson } from './scenario-plans';

export { READABILITY_MAX_WORDS } from '../dua/adapt-activities';

export interface ReadabilitySummary {
  lessons: number;
  sentences: number;
  /** Words per sentence over every sentence of every lesson (the figure held to READABILITY_MAX_WORDS). */
  average: number;
  /** The lesson with the highest average, and that average. */
  worst: { plan: string; numeroAula: number; average: number } | null;
}

/**
 * How readable adapted activities are: words per sentence over all their sentences (line breaks and . ! ? end a
 * sentence; list markers are not words), and the lesson that reads hardest.
 */
export function readability(lessons: readonly AdaptedLesson[]): ReadabilitySummary {
  let sentences = 0;
  let words = 0;
  let worst: ReadabilitySummary['worst'] = null;
  for (const lesson of lessons) {
    const own = sentencesOf(lesson.experiencias);
    sentences += own.length;
    words += own.reduce((sum, s) => sum + wordCount(s), 0);
    const average = averageSentenceWords(lesson.experiencias);
    if (!worst || average > worst.average) worst = { plan: lesson.plan, numeroAula: lesson.numeroAula, average };
  }
  return { lessons: lessons.length, sentences, average: sentences ? words / sentences : 0, worst };
}
