import { clearAllDrafts, GENERATE_DRAFT_KEY_PREFIX, PLAN_DRAFT_KEY_PREFIX } from './drafts';

describe('clearAllDrafts', () => {
  it("removes every plan's unsaved edits and the generate form's text, and nothing else", () => {
    localStorage.clear();
    localStorage.setItem(`${PLAN_DRAFT_KEY_PREFIX}p1`, '{}');
    localStorage.setItem(`${PLAN_DRAFT_KEY_PREFIX}p2`, '{}');
    localStorage.setItem(`${GENERATE_DRAFT_KEY_PREFIX}u1`, '{}');
    localStorage.setItem('planejador-tema', 'escuro');
    clearAllDrafts();
    expect(Object.keys(localStorage)).toEqual(['planejador-tema']);
  });
});
