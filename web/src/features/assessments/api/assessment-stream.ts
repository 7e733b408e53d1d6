import type { AssessmentProgressEvent, AssessmentSkillEvent, HabilidadeParcial } from '@planejador/contracts';
import { useSyncExternalStore } from 'react';

/**
 * Each skill's text as the AI writes it ('assessment:skill' deltas, issue 36), kept apart from the cached
 * assessment: the page shows it while the skill is not stored yet; the stored skill (read again after its
 * 'skill-done') replaces it. A reload starts empty and shows the skill waiting until its next delta or its text.
 */
const streams = new Map<string, HabilidadeParcial>();
const listeners = new Set<() => void>();

const keyOf = (avaliacaoId: string, code: string) => `${avaliacaoId}\u0000${code}`;

function changed(): void {
  for (const listener of listeners) listener();
}

/** A delta keeps the skill's text so far (the whole text each time: a retried attempt's replaces the broken one's). */
export function applyAssessmentSkillEvent(event: Pick<AssessmentSkillEvent, 'avaliacaoId' | 'code' | 'type' | 'parcial'>): void {
  if (event.type !== 'delta') return;
  streams.set(keyOf(event.avaliacaoId, event.code), event.parcial);
  changed();
}

/** A new attempt ('started') and the assessment's end ('done', 'failed') forget its skills' partial texts. */
export function applyAssessmentProgressToStream(event: Pick<AssessmentProgressEvent, 'avaliacaoId' | 'type'>): void {
  if (event.type !== 'started' && event.type !== 'done' && event.type !== 'failed') return;
  const prefix = keyOf(event.avaliacaoId, '');
  let removed = false;
  for (const key of [...streams.keys()]) {
    if (key.startsWith(prefix)) removed = streams.delete(key) || removed;
  }
  if (removed) changed();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The skill's questions and rubric written so far, or undefined when none is streaming. */
export function useAssessmentSkillStream(avaliacaoId: string, code: string): HabilidadeParcial | undefined {
  const key = keyOf(avaliacaoId, code);
  return useSyncExternalStore(subscribe, () => streams.get(key), () => undefined);
}
