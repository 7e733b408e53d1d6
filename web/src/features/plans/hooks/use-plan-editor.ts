import type { Aula, LessonField, Plano } from '@planejador/contracts';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { clearDraft, readDraft, writeDraft } from '../utils/plan-draft';
import { isGenerating } from '../utils/plan-status';
import { LESSON_PARTS, lessonTexts, partDiffers, planTexts, textsDiffer, type LessonTexts } from '../utils/lesson-texts';

/** One lesson after the server changed it: each field the server changed takes its text, the others keep the draft's. */
function mergeLesson(draft: LessonTexts, before: LessonTexts, server: LessonTexts): LessonTexts {
  const next: LessonTexts = { ...draft };
  for (const part of LESSON_PARTS) if (partDiffers(server, before, part)) Object.assign(next, { [part]: server[part] });
  return next;
}

/** 'same': the draft was made on the copy the server still has; 'outdated': the plan was saved since. */
export type RestoredDraft = 'same' | 'outdated' | null;

/**
 * The plan page's modes and working copy. The mode lives in ?edit= so a reload keeps it; the edits live
 * in local storage until saved or discarded, and a stored draft reopens edit mode on load.
 */
export function usePlanEditor(plano: Plano | undefined) {
  const [searchParams, setSearchParams] = useSearchParams();
  const editing = searchParams.get('edit') === 'true';
  const [edited, setEdited] = useState<LessonTexts[] | null>(null);
  const [restored, setRestored] = useState<RestoredDraft>(null);
  const checkedFor = useRef<string | null>(null);
  // The server's version and texts of each lesson the working copy started from: when the server changes a lesson
  // (regenerated, one field regenerated, restored, its skill changed), the fields it changed take the server's text
  // and the teacher's edits of its other fields stay; the other lessons keep their edits untouched.
  const base = useRef<Map<string, { versao: number; texts: LessonTexts }>>(new Map());
  const takeBase = (p: Plano) => {
    const texts = new Map(planTexts(p).map((lesson) => [lesson.id, lesson]));
    base.current = new Map(p.aulas.map((a) => [a.id, { versao: a.versao, texts: texts.get(a.id)! }]));
  };

  const saved = useMemo(() => (plano ? planTexts(plano) : []), [plano]);
  const lessons = editing && edited ? edited : saved;
  const dirty = editing && edited !== null && textsDiffer(edited, saved);
  /** This lesson's texts in the working copy (the teacher's unsaved edits, or the saved texts). */
  const draftOf = (aula: Aula): LessonTexts => lessons.find((lesson) => lesson.id === aula.id) ?? lessonTexts(aula);

  const setEditing = useCallback(
    (next: boolean) =>
      setSearchParams(
        (current) => {
          const params = new URLSearchParams(current);
          params.set('edit', String(next));
          return params;
        },
        { replace: true },
      ),
    [setSearchParams],
  );

  // Once per plan, when it is ready: bring back unsaved edits from an earlier visit.
  useEffect(() => {
    if (!plano || isGenerating(plano.generation) || checkedFor.current === plano.id) return;
    checkedFor.current = plano.id;
    const draft = readDraft(plano.id);
    if (!draft) return;
    const current = planTexts(plano);
    const byId = new Map(current.map((lesson) => [lesson.id, lesson]));
    const fits = draft.aulas.length === current.length && draft.aulas.every((lesson) => byId.has(lesson.id));
    // A part the draft does not hold (kept before lessons had a title and a check) is the plan's.
    const kept = fits ? draft.aulas.map((lesson) => ({ ...byId.get(lesson.id)!, ...lesson })) : [];
    if (!fits || !textsDiffer(kept, current)) {
      clearDraft(plano.id);
      return;
    }
    takeBase(plano);
    setEdited(kept);
    setRestored(draft.basedOn === plano.updatedAt ? 'same' : 'outdated');
    setEditing(true);
  }, [plano, setEditing]);

  // A lesson the server changed takes the server's text in the fields it changed (never the other lessons' edits).
  useEffect(() => {
    if (!plano || !edited) return;
    const changed = plano.aulas.filter((a) => {
      const known = base.current.get(a.id);
      return known !== undefined && known.versao !== a.versao;
    });
    if (!changed.length) return;
    const fresh = new Map(planTexts(plano).map((lesson) => [lesson.id, lesson]));
    const merged = new Map<string, LessonTexts>();
    for (const aula of changed) {
      const server = fresh.get(aula.id);
      const before = base.current.get(aula.id)!.texts;
      const draft = edited.find((lesson) => lesson.id === aula.id);
      if (!server || !draft) continue;
      merged.set(aula.id, { ...mergeLesson(draft, before, server), id: aula.id });
      base.current.set(aula.id, { versao: aula.versao, texts: server });
    }
    const next = edited.map((lesson) => merged.get(lesson.id) ?? lesson);
    setEdited(next);
    if (textsDiffer(next, planTexts(plano))) writeDraft(plano.id, plano.updatedAt, next);
    else clearDraft(plano.id);
  }, [plano, edited]);

  /** Changes parts of one lesson in the working copy (kept in this browser until saved or discarded). */
  const changeLesson = (id: string, patch: Partial<Omit<LessonTexts, 'id'>>) => {
    if (!plano) return;
    if (!edited) takeBase(plano);
    const next = (edited ?? saved).map((lesson) => (lesson.id === id ? { ...lesson, ...patch } : lesson));
    setEdited(next);
    if (textsDiffer(next, saved)) writeDraft(plano.id, plano.updatedAt, next);
    else clearDraft(plano.id);
  };

  /** Leaves edit mode without keeping anything (Cancelar, or after a save). */
  const reset = () => {
    if (plano) clearDraft(plano.id);
    setEdited(null);
    setRestored(null);
    setEditing(false);
  };

  return {
    editing,
    lessons,
    dirty,
    restored,
    draftOf,
    /** Whether the teacher changed this lesson's texts and has not saved them. */
    hasUnsavedEdits: (aula: Aula): boolean => dirty && textsDiffer([draftOf(aula)], [lessonTexts(aula)]),
    /** The lesson's version the working copy's texts were made on (sent with a save, so a newer one is not undone). */
    versionOf: (id: string): number | undefined => base.current.get(id)?.versao,
    startEditing: () => setEditing(true),
    changeField: (id: string, field: LessonField, value: string) => changeLesson(id, { [field]: value }),
    changeLesson,
    cancel: reset,
    saved: reset,
  };
}
