// Unsaved edits of the plan page are kept in local storage under this prefix (decisions.md, Plans); logout
// clears them all, so the next person on this browser finds none.
export const PLAN_DRAFT_KEY_PREFIX = 'planejador-plano-draft:';

/** Every plan's unsaved edits, at logout. */
export function clearAllDrafts(): void {
  try {
    const keys: string[] = [];
    for (let i = 0; i < localStorage.length; i++) {
      const k = localStorage.key(i);
      if (k?.startsWith(PLAN_DRAFT_KEY_PREFIX)) keys.push(k);
    }
    for (const k of keys) localStorage.removeItem(k);
  } catch {
    // Storage unavailable: nothing was kept either.
  }
}
