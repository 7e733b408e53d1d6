import type { LessonProgressEvent } from '@planejador/contracts';
import { useSyncExternalStore } from 'react';

/**
 * The text of each lesson as the AI writes it (streaming, `lesson:progress` events of type 'delta'), kept apart from
 * the cached plan: the page shows it while the lesson runs; the stored lesson (its 'done') replaces it. A reload
 * starts empty and shows the lesson running until its next delta or its final text.
 */
type Campos = Record<string, string>;
const streams = new Map<string, Campos>();
const listeners = new Set<() => void>();

function changed(): void {
  for (const listener of listeners) listener();
}

/**
 * Takes a lesson event: a delta keeps its fields; a new run's start ('started': a regeneration after an earlier one
 * whose end this page missed) and the lesson's end ('done', 'failed') forget them.
 */
export function applyLessonStreamEvent(event: Pick<LessonProgressEvent, 'aulaId' | 'type' | 'campos'>): void {
  if (event.type === 'delta' && event.campos) {
    streams.set(event.aulaId, event.campos);
    changed();
  } else if ((event.type === 'started' || event.type === 'done' || event.type === 'failed') && streams.delete(event.aulaId)) {
    changed();
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The fields the AI has written so far for this lesson, or undefined when none is streaming. */
export function useLessonStream(aulaId: string): Campos | undefined {
  return useSyncExternalStore(subscribe, () => streams.get(aulaId), () => undefined);
}
