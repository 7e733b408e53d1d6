import { etapaWords, materiaLabel, periodoLabel, type AvaliacaoResumo, type Etapa, type GenerationState } from '@planejador/contracts';
import { ClipboardCheck } from 'lucide-react';
import { Link } from 'react-router';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { formatDate } from '@/lib/format';
import { avaliacaoPath } from '@/lib/paths';

const STATE: Record<GenerationState, { text: string; variant: BadgeProps['variant'] }> = {
  queued: { text: 'Na fila', variant: 'secondary' },
  running: { text: 'Sendo escrita', variant: 'info' },
  done: { text: 'Pronta', variant: 'success' },
  failed: { text: 'Falhou', variant: 'destructive' },
};

/** '1 habilidade', '3 habilidades'; in infantil '1 objetivo', '3 objetivos de aprendizagem'. */
const skillsText = (n: number, etapa?: Etapa) => {
  const words = etapaWords(etapa);
  return n === 1 ? `1 ${words.habilidade}` : `${n} ${words.habilidadesMinusculas}`;
};

/** The assessment's name as its page titles it: "Matemática — 1º trimestre", "Matemática — 2º bimestre". */
export const assessmentTitle = (avaliacao: Pick<AvaliacaoResumo, 'materia' | 'periodo' | 'periodoTipo'>) =>
  `${materiaLabel(avaliacao.materia)} — ${periodoLabel(avaliacao.periodo, avaliacao.periodoTipo)}`;

interface AssessmentListProps {
  /** Newest first, as the api answers them. */
  avaliacoes: readonly AvaliacaoResumo[];
  /** The list's accessible name. */
  label: string;
  /** The class's stage: its words count the skills. */
  etapa?: Etapa;
}

/** A class's assessments, newest first: subject, period, skills, state and date, each a link to its page. */
export function AssessmentList({ avaliacoes, label, etapa }: AssessmentListProps) {
  return (
    <ul className="flex flex-col divide-y rounded-md border" aria-label={label}>
      {avaliacoes.map((a) => {
        const state = STATE[a.generation.state];
        return (
          <li key={a.id} className="flex flex-col gap-1 p-3 text-sm sm:flex-row sm:items-center sm:justify-between sm:gap-3">
            <Link to={avaliacaoPath(a.id)} className="inline-flex min-w-0 items-center gap-2 font-medium text-primary underline-offset-2 hover:underline">
              <ClipboardCheck className="size-4 shrink-0" aria-hidden="true" />
              <span className="break-words">Avaliação — {assessmentTitle(a)}</span>
            </Link>
            <span className="flex flex-wrap items-center gap-2 text-muted-foreground">
              <span>{skillsText(a.habilidades.length, etapa)}</span>
              <Badge variant={state.variant}>{state.text}</Badge>
              <span>
                <span className="sr-only">Criada em </span>
                {formatDate(a.createdAt)}
              </span>
            </span>
          </li>
        );
      })}
    </ul>
  );
}
