import type { GeracaoInfo } from '@planejador/contracts';
import { useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';

/** The text of a plan being written, honest about who writes it: an AI, or the offline drafter (no AI). */
export const WRITING_TEXT = {
  openai: 'Nossa IA está criando seu plano personalizado...',
  offline: 'Estamos redigindo seu plano a partir dos dados da BNCC (modo offline, sem IA)...',
  unknown: 'Estamos preparando seu plano personalizado...',
} as const;

/**
 * Who writes the lessons here (GET /api/geracao): an AI, or the offline drafter from the curriculum alone. The api
 * answers signed-out visitors too (the landing and sign-in pages), so no 401 is expected here: should one come, it
 * is not an expired session (no toast, no redirect), the texts just stay on the versions that promise no AI.
 */
export function useGeracaoInfo() {
  return useQuery({
    queryKey: ['geracao'] as const,
    queryFn: () => http.get<GeracaoInfo>('/api/geracao'),
    staleTime: Infinity,
    meta: { sessionExpiry: false },
  });
}

/** True only once the api says an AI writes the lessons: while unknown (or on error) no page promises one. */
export function useAiWrites(): boolean {
  return useGeracaoInfo().data?.generator === 'openai';
}

type WriterTexts = Record<keyof typeof WRITING_TEXT, string>;

/** The empty plan lists' invitation (the dashboard's recent plans, the history). */
export const FIRST_PLAN_TEXT: WriterTexts = {
  openai: 'Gere o seu primeiro plano de aula com IA em poucos minutos.',
  offline: 'Monte o seu primeiro plano de aula a partir da BNCC em poucos minutos.',
  unknown: 'Gere o seu primeiro plano de aula em poucos minutos.',
};

/** One sentence in three versions: an AI writes, the offline drafter writes (no AI), or not known yet. */
export function useWriterText(texts: WriterTexts): string {
  const info = useGeracaoInfo();
  return texts[info.data?.generator ?? 'unknown'];
}

export function useWritingText(): string {
  const info = useGeracaoInfo();
  return info.data ? WRITING_TEXT[info.data.generator] : WRITING_TEXT.unknown;
}
