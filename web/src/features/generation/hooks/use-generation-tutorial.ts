import { etapaDef, etapaOf, etapaWords, LIMITS, TUTORIAL_STORAGE_KEY, type Etapa } from '@planejador/contracts';
import type { Driver, DriveStep } from 'driver.js';
import { useCallback, useEffect, useRef } from 'react';
import { toast } from '@/lib/toast';

/** driver.js and the tour's styles: loaded when the tour starts, not with the page. */
const loadTour = () => import('./generation-tour');

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

/**
 * Six steps (spec section 9), in the order of the form, in the words of the teacher's stage (her classes' one stage;
 * else fundamental's): "Escolha o campo de experiência", "O grupo etário da turma define os objetivos...".
 */
function tourSteps(etapa: Etapa | undefined): DriveStep[] {
  const words = etapaWords(etapa);
  const ano = etapaDef(etapaOf(etapa));
  const o = words.materiaArtigo;
  const masc = words.habilidadesArtigo === 'os';
  const materia = words.materiaCurta.toLowerCase();
  return [
    {
      element: target('turma'),
      popover: {
        title: 'Escolha a turma',
        description: `O plano é feito para uma das suas turmas. ${ano.anoArticle === 'a' ? 'A' : 'O'} ${ano.anoNoun.toLowerCase()} da turma define ${words.habilidadesArtigo} ${words.habilidadesMinusculas} da BNCC ${masc ? 'usados' : 'usadas'}.`,
      },
    },
    {
      element: target('materia'),
      popover: {
        title: `Escolha ${o} ${materia}`,
        description: `${o.toUpperCase()} ${words.materiaGeral} vale para todas as aulas. O título do plano é opcional: em branco, o plano recebe o nome das suas aulas.`,
      },
    },
    {
      element: target('matriz'),
      popover: {
        title: 'Consulte a matriz curricular',
        description: `Com turma e ${materia} ${o === 'o' ? 'escolhidos' : 'escolhidas'}, clique em Visualizar para ver ${words.habilidadesArtigo} ${words.habilidadesMinusculas} d${ano.anoArticle === 'a' ? 'a' : 'o'} ${ano.anoNoun.toLowerCase()} e buscar por tema.`,
      },
    },
    {
      element: target('avancadas'),
      popover: {
        title: 'Configurações Avançadas',
        description: `Limite cada aula a ${masc ? 'um' : 'uma'} ${words.habilidade}, prefira a matriz SEDUC-RS e escolha o nível de detalhamento.`,
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
        description: 'Confirme e acompanhe cada aula sendo escrita. Cada plano usa 1 crédito.',
      },
    },
  ];
}

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

/**
 * The guided tour of the generate form (driver.js). It starts by itself about 1 s after the page loads for a
 * user who has neither finished nor skipped it; both are remembered in local storage.
 */
export function useGenerationTutorial({ autoStart, etapa }: { autoStart: boolean; etapa?: Etapa }) {
  const tour = useRef<Driver | null>(null);
  const unmounting = useRef(false);
  // Only the latest start opens a tour (two clicks while the code loads open one).
  const lastStart = useRef(0);

  const start = useCallback(() => {
    const request = ++lastStart.current;
    loadTour().then(
      ({ createTour }) => {
        if (request !== lastStart.current || unmounting.current) return;
        tour.current?.destroy();
        const instance = createTour(tourSteps(etapa), () => {
          // Finalizar, Sair, Escape and a click outside all end the tour for good; leaving the page does not.
          if (!unmounting.current) rememberTutorialDone();
          if (tour.current === instance) tour.current = null;
        });
        tour.current = instance;
        instance.drive();
      },
      () => {
        if (request !== lastStart.current || unmounting.current) return;
        const description = 'Não foi possível abrir o tutorial. Recarregue a página.';
        toast({ title: 'Erro', description, variant: 'destructive' });
      },
    );
  }, [etapa]);

  useEffect(() => {
    if (!autoStart || tutorialDone()) return;
    // Fetched now, so the tour still opens on time.
    void loadTour().catch(() => undefined);
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
