import { useRef } from 'react';

/**
 * Gives focus back to the control that opened a dialog when it closes. Radix does that only for its own Trigger;
 * our dialogs are mostly opened from state (a row's button, a card's action), so the opener is remembered as the
 * dialog takes focus. Spread the handlers on the dialog's Content; a caller's own handlers still run first.
 */
export function useReturnFocus(own: {
  onOpenAutoFocus?: (event: Event) => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: (event: Event) => {
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
      own.onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus: (event: Event) => {
      own.onCloseAutoFocus?.(event);
      if (event.defaultPrevented) return;
      const opened = opener.current;
      opener.current = null;
      // The opener may be gone (the deleted class's card, a closed menu): then the page's main content, so the
      // next Tab goes on from there instead of from the top of the document.
      const target = opened?.isConnected ? opened : mainContent();
      if (target) {
        event.preventDefault();
        target.focus();
        if (target === opened) keepFocusInPage(opened);
      }
    },
  };
}

const mainContent = () => document.getElementById('conteudo');

/**
 * The opener can go away just after the dialog closed (a confirmed deletion removes its card once the list
 * reloads): the browser then drops the focus to the document's body. For a few seconds, if that happens, the focus
 * goes to the main content instead.
 */
function keepFocusInPage(opener: HTMLElement): void {
  const observer = new MutationObserver(() => {
    if (opener.isConnected) return;
    observer.disconnect();
    if (!document.activeElement || document.activeElement === document.body) mainContent()?.focus();
  });
  observer.observe(document.body, { childList: true, subtree: true });
  window.setTimeout(() => observer.disconnect(), 10_000);
}
