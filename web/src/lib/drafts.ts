// What a teacher typed and has not saved is kept in local storage under these prefixes (decisions.md, Plans and
// "Lessons that teach"): a plan page's unsaved edits, per plan, and the generate form's text, per user. Logout clears
// them all, so the next person on this browser finds none.
export const PLAN_DRAFT_KEY_PREFIX = 'planejador-plano-draft:';
export const GENERATE_DRAFT_KEY_PREFIX = 'planejador-gerar-draft:';

const DRAFT_PREFIXES = [PLAN_DRAFT_KEY_PREFIX, GENERATE_DRAFT_KEY_PREFIX];

/** Every unsaved draft (plans' edits, the generate form's text), at logout. */
export function clearAllDrafts(): void {
  try {
    const keys: string[] = [];
    for (let i = 0; i < localStorage.length; i++) {
      const k = localStorage.key(i);
      if (k && DRAFT_PREFIXES.some((prefix) => k.startsWith(prefix))) keys.push(k);
    }
    for (const k of keys) localStorage.removeItem(k);
  } catch {
    // Storage unavailable: nothing was kept either.
  }
}
