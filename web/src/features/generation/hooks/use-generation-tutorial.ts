import { LIMITS, TUTORIAL_STORAGE_KEY } from '@planejador/contracts';
import { driver, type Driver, type DriveStep } from 'driver.js';
import 'driver.js/dist/driver.css';
import { useCallback, useEffect, useRef } from 'react';
import './tutorial.css';

/** The elements the tour points at (data-tour attributes on the form). */
export const TOUR_TARGETS = {
  turma: 'turma',
  materia: 'materia',
  matriz: 'matriz',
  avancadas: 'avancadas',
  aulas: 'aulas',
  gerar: 'gerar',
} as const;

const target = (name: keyof typeof TOUR_TARGETS) => `[data-tour="${TOUR_TARGETS[name]}"]`;

// Six steps (spec section 9), in the order of the form.
const STEPS: DriveStep[] = [
  {
    element: target('turma'),
    popover: {
      title: 'Escolha a turma',
      description: 'O plano é feito para uma das suas turmas. O ano da turma define as habilidades da BNCC usadas.',
    },
  },
  {
    element: target('materia'),
    popover: {
      title: 'Escolha a matéria',
      description: 'A Matéria Geral vira o tema principal do plano e a matéria de todas as aulas.',
    },
  },
  {
    element: target('matriz'),
    popover: {
      title: 'Consulte a matriz curricular',
      description: 'Com turma e matéria escolhidas, clique em Visualizar para ver as habilidades do ano e buscar por tema.',
    },
  },
  {
    element: target('avancadas'),
    popover: {
      title: 'Configurações Avançadas',
      description: 'Limite cada aula a uma habilidade, prefira a matriz SEDUC-RS e escolha o nível de detalhamento.',
    },
  },
  {
    element: target('aulas'),
    popover: {
      title: 'Descreva as aulas',
      description: 'Escreva com suas palavras o que cada aula vai trabalhar. Enter adiciona uma nova aula (até 15).',
    },
  },
  {
    element: target('gerar'),
    popover: {
      title: 'Gere o plano',
      description: 'Confirme e a IA escreve cada aula enquanto você acompanha o progresso. Cada plano usa 1 crédito.',
    },
  },
];

function tutorialDone(): boolean {
  try {
    return window.localStorage.getItem(TUTORIAL_STORAGE_KEY) !== null;
  } catch {
    return false;
  }
}

function rememberTutorialDone(): void {
  try {
    window.localStorage.setItem(TUTORIAL_STORAGE_KEY, 'true');
  } catch {
    // Private mode without storage: the tour may show again, nothing else breaks.
  }
}

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
 * The guided tour of the generate form (driver.js). It starts by itself about 1 s after the page loads for a
 * user who has neither finished nor skipped it; both are remembered in local storage.
 */
export function useGenerationTutorial({ autoStart }: { autoStart: boolean }) {
  const tour = useRef<Driver | null>(null);
  const unmounting = useRef(false);

  const start = useCallback(() => {
    tour.current?.destroy();
    const instance = driver({
      steps: STEPS,
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
        // Finalizar, Sair, Escape and a click outside all end the tour for good; leaving the page does not.
        if (!unmounting.current) rememberTutorialDone();
        if (tour.current === instance) tour.current = null;
      },
    });
    tour.current = instance;
    instance.drive();
  }, []);

  useEffect(() => {
    if (!autoStart || tutorialDone()) return;
    const timer = window.setTimeout(start, LIMITS.tutorialDelayMs);
    return () => window.clearTimeout(timer);
  }, [autoStart, start]);

  useEffect(() => {
    unmounting.current = false;
    return () => {
      unmounting.current = true;
      tour.current?.destroy();
    };
  }, []);

  return { start };
}
