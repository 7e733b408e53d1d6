import { driver, type Driver, type DriveStep } from 'driver.js';
import 'driver.js/dist/driver.css';
import './tutorial.css';

/** The popover's own close button becomes the 'Sair' button of the footer. */
function renderPopover(popover: { closeButton: HTMLButtonElement; footerButtons: HTMLElement; nextButton: HTMLButtonElement }) {
  const close = popover.closeButton;
  close.textContent = 'Sair';
  close.removeAttribute('aria-label');
  close.classList.add('driver-popover-footer-btn');
  popover.footerButtons.prepend(close);
  // driver.js focuses the first button; the next step is the likelier choice.
  window.setTimeout(() => popover.nextButton.focus(), 0);
}

/**
 * driver.js marks the highlighted element as a popup trigger (aria-haspopup/expanded/controls). Our targets are
 * plain sections, where those attributes are invalid ARIA, and the popover is a labelled dialog of its own.
 * Every target is cleaned, not only the current one: a quick Próximo/Anterior can leave marks on the previous.
 */
function clearTriggerAttributes() {
  document.querySelectorAll('[data-tour]').forEach((element) => {
    element.removeAttribute('aria-haspopup');
    element.removeAttribute('aria-expanded');
    element.removeAttribute('aria-controls');
  });
}

/**
 * The guided tour, ready to drive(): driver.js and its styles are a chunk of their own, which the page loads only
 * when the tour starts. `onDestroyed` runs however it ends: Finalizar, Sair, Escape, a click outside, destroy().
 */
export function createTour(steps: DriveStep[], onDestroyed: () => void): Driver {
  const tour = driver({
    steps,
    showProgress: true,
    progressText: 'Passo {{current}} de {{total}}',
    nextBtnText: 'Próximo',
    prevBtnText: 'Anterior',
    doneBtnText: 'Finalizar',
    showButtons: ['next', 'previous', 'close'],
    popoverClass: 'planejador-tour',
    overlayOpacity: 0.6,
    stageRadius: 8,
    animate: !window.matchMedia('(prefers-reduced-motion: reduce)').matches,
    smoothScroll: true,
    onPopoverRender: renderPopover,
    onHighlighted: clearTriggerAttributes,
    onDestroyed: () => {
      clearTriggerAttributes();
      onDestroyed();
    },
  });
  return tour;
}
