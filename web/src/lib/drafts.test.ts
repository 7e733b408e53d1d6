import { clearAllDrafts, PLAN_DRAFT_KEY_PREFIX } from './drafts';

describe('clearAllDrafts', () => {
  it("removes every plan's unsaved edits and nothing else", () => {
    localStorage.clear();
    localStorage.setItem(`${PLAN_DRAFT_KEY_PREFIX}p1`, '{}');
    localStorage.setItem(`${PLAN_DRAFT_KEY_PREFIX}p2`, '{}');
    localStorage.setItem('planejador-tema', 'escuro');
    clearAllDrafts();
    expect(Object.keys(localStorage)).toEqual(['planejador-tema']);
  });
});
