import type { KeyboardEvent } from 'react';

/**
 * Form-level Enter handling (spec: class form). Controls marked data-enter="next" move focus to the next
 * marked control; data-enter="submit" submits the form (Shift+Enter still types a new line).
 * Use as onKeyDownCapture on the <form>, so it runs before a Radix select opens on Enter.
 */
export function handleEnterNavigation(event: KeyboardEvent<HTMLFormElement>): void {
  if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
  const target = event.target;
  if (!(target instanceof HTMLElement)) return;
  const mode = target.dataset.enter;
  if (mode !== 'next' && mode !== 'submit') return;
  // A select still empty opens its list on Enter (Radix does that), so the keyboard can choose; once a value is
  // chosen, Enter moves on like in the other fields. Enter never submits from a select.
  if (target.getAttribute('role') === 'combobox' && target.hasAttribute('data-placeholder')) return;
  event.preventDefault();
  const form = event.currentTarget;
  if (mode === 'submit') {
    form.requestSubmit();
    return;
  }
  const fields = Array.from(form.querySelectorAll<HTMLElement>('[data-enter]')).filter(
    (field) => !field.hasAttribute('disabled'),
  );
  fields[fields.indexOf(target) + 1]?.focus();
}
