import { isInProgress, type Generation } from '@planejador/contracts';

/** The worker is still writing the plan (queued or running). */
export function isGenerating(generation: Generation | undefined | null): boolean {
  return isInProgress(generation?.state);
}

export function hasFailed(generation: Generation | undefined | null): boolean {
  return generation?.state === 'failed';
}
