import { z } from 'zod';
import { LIMITS } from './domain';
import { MSG } from './messages';

/** A text's lines as a document lays them out: its line breaks (\r\n, \r or \n) plus one. Linear in the text. */
export function lineCount(text: string): number {
  let lines = 1;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) lines++;
    else if (c === 13) {
      lines++;
      if (text.charCodeAt(i + 1) === 10) i++;
    }
  }
  return lines;
}

/** Whether a text passes a lesson field's caps (LIMITS.lessonFieldMax characters, LIMITS.lessonFieldLinesMax lines). */
export function exceedsLessonCaps(text: string): boolean {
  return text.length > LIMITS.lessonFieldMax || lineCount(text) > LIMITS.lessonFieldLinesMax;
}

/** The message naming the field when a text passes the caps, else null (decisions.md, "Sessions and security"). */
export function lessonTextIssue(campo: string, text: string): string | null {
  return exceedsLessonCaps(text) ? MSG.lessonFieldTooLong(campo) : null;
}

/**
 * A schema's refinement for one text field of a lesson (a check's question, a rubric's descritor, a DUA strategy):
 * past the caps, a 400 naming the field. A shorter character cap of its own stays with the field.
 */
export function lessonTextCaps(campo: string) {
  return (text: string, ctx: z.RefinementCtx) => {
    const message = lessonTextIssue(campo, text);
    if (message) ctx.addIssue({ code: 'custom', message });
  };
}
