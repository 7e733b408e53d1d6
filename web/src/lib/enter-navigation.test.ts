import type { KeyboardEvent } from 'react';
import { handleEnterNavigation } from './enter-navigation';

function form(html: string): HTMLFormElement {
  document.body.innerHTML = `<form>${html}</form>`;
  return document.querySelector('form')!;
}

function enter(target: HTMLElement, formElement: HTMLFormElement) {
  let prevented = false;
  const event = {
    key: 'Enter',
    shiftKey: false,
    nativeEvent: { isComposing: false },
    target,
    currentTarget: formElement,
    preventDefault: () => (prevented = true),
  } as unknown as KeyboardEvent<HTMLFormElement>;
  handleEnterNavigation(event);
  return prevented;
}

describe('handleEnterNavigation (the class form)', () => {
  it('moves from a field to the next one', () => {
    const f = form('<input id="a" data-enter="next"><input id="b" data-enter="next">');
    const a = f.querySelector<HTMLInputElement>('#a')!;
    expect(enter(a, f)).toBe(true);
    expect(document.activeElement?.id).toBe('b');
  });

  it('lets an empty select open its list instead of moving on or submitting', () => {
    const f = form('<button id="ano" role="combobox" data-enter="next" data-placeholder=""></button><input id="escola" data-enter="next">');
    const requestSubmit = jest.fn();
    f.requestSubmit = requestSubmit;
    expect(enter(f.querySelector<HTMLElement>('#ano')!, f)).toBe(false);
    expect(requestSubmit).not.toHaveBeenCalled();
  });

  it('moves on from a select that has a value, and submits from the notes', () => {
    const f = form('<button id="ano" role="combobox" data-enter="next"></button><textarea id="obs" data-enter="submit"></textarea>');
    const requestSubmit = jest.fn();
    f.requestSubmit = requestSubmit;
    expect(enter(f.querySelector<HTMLElement>('#ano')!, f)).toBe(true);
    expect(document.activeElement?.id).toBe('obs');
    enter(f.querySelector<HTMLElement>('#obs')!, f);
    expect(requestSubmit).toHaveBeenCalledTimes(1);
  });
});
