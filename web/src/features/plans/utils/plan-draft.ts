import { LESSON_FIELDS } from '@planejador/contracts';
import { PLAN_DRAFT_KEY_PREFIX as KEY_PREFIX } from '@/lib/drafts';
import type { LessonTexts } from './lesson-texts';

// Unsaved edits of the plan page live here until saved or discarded (decisions.md, Plans),
// so a reload or a closed tab loses nothing.

export interface PlanDraft {
  /** The server's updatedAt the edits started from. */
  basedOn: string;
  savedAt: string;
  aulas: LessonTexts[];
}

function key(planoId: string): string {
  return `${KEY_PREFIX}${planoId}`;
}

function isLessonTexts(value: unknown): value is LessonTexts {
  if (!value || typeof value !== 'object') return false;
  const record = value as Record<string, unknown>;
  // A draft kept before lessons had a title, a check or DUA has none: the editor takes them from the plan.
  const { titulo, verificacao, dua } = record;
  return (
    (dua === undefined || dua === null || typeof dua === 'object') &&
    typeof record.id === 'string' &&
    LESSON_FIELDS.every((field) => typeof record[field] === 'string') &&
    (titulo === undefined || typeof titulo === 'string') &&
    (verificacao === undefined || verificacao === null || (typeof verificacao === 'object' && Array.isArray((verificacao as { questoes?: unknown }).questoes)))
  );
}

export function readDraft(planoId: string): PlanDraft | null {
  try {
    const raw = localStorage.getItem(key(planoId));
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<PlanDraft>;
    if (typeof parsed.basedOn !== 'string' || !Array.isArray(parsed.aulas) || !parsed.aulas.every(isLessonTexts)) {
      return null;
    }
    return { basedOn: parsed.basedOn, savedAt: String(parsed.savedAt ?? ''), aulas: parsed.aulas };
  } catch {
    return null;
  }
}

/** false when the browser refused to store it (private mode, full quota). */
export function writeDraft(planoId: string, basedOn: string, aulas: LessonTexts[]): boolean {
  try {
    const draft: PlanDraft = { basedOn, savedAt: new Date().toISOString(), aulas };
    localStorage.setItem(key(planoId), JSON.stringify(draft));
    return true;
  } catch {
    return false;
  }
}

export function clearDraft(planoId: string): void {
  try {
    localStorage.removeItem(key(planoId));
  } catch {
    // Storage unavailable: nothing was kept either.
  }
}
