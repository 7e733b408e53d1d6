import { etapaWords, type Aula, type Etapa, type LessonGenerationState, type Plano } from '@planejador/contracts';
import { CheckCircle2, Circle, Loader2, RotateCcw, XCircle } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { LessonBeingWritten } from '@/components/lesson-being-written';
import { useWritingText } from '@/lib/api/get-geracao';
import { cn } from '@/lib/utils';
import { ProgressBar } from '@/components/ui/progress-bar';

const LESSON_STATE: Record<
  LessonGenerationState,
  { label: string; variant: 'secondary' | 'info' | 'success' | 'destructive'; icon: typeof Circle }
> = {
  queued: { label: 'Aguardando', variant: 'secondary', icon: Circle },
  running: { label: 'Gerando...', variant: 'info', icon: Loader2 },
  done: { label: 'Concluída', variant: 'success', icon: CheckCircle2 },
  failed: { label: 'Falhou', variant: 'destructive', icon: XCircle },
};

interface GenerationProgressProps {
  plano: Plano | undefined;
}

/** 'Gerando Plano de Aula': a progress bar and every lesson's state, live. */
export function GeneratingScreen({ plano }: GenerationProgressProps) {
  const total = plano?.generation.total || plano?.aulas.length || 0;
  const done = Math.min(plano?.generation.done ?? 0, total);
  const writing = useWritingText();
  const words = etapaWords(plano?.turma?.etapa);
  return (
    <Card className="mx-auto w-full max-w-3xl">
      <CardHeader className="items-center text-center">
        <Loader2 className="size-10 animate-spin text-primary" aria-hidden="true" />
        <CardTitle as="h2" className="text-xl">
          Gerando Plano de Aula
        </CardTitle>
        <p className="text-muted-foreground">{writing}</p>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        <div className="flex flex-col gap-2">
          <ProgressBar value={done} max={total} size="lg" label="Progresso da geração" valueText={total ? `${done} de ${total} aulas` : 'Preparando as aulas'} />
          <p className="text-center text-sm font-medium" aria-live="polite">
            {total ? `${done} de ${total} aulas` : 'Preparando as aulas...'}
          </p>
        </div>
        {plano ? <LessonStates aulas={plano.aulas} etapa={plano.turma?.etapa} /> : null}
        <p className="text-center text-xs text-muted-foreground">
          {`Cada aula recebe ${words.habilidadesMinusculas}, objetivos, ${words.objetosConhecimento.toLowerCase()}, experiências e evidências. Você pode sair desta página: o plano continua sendo gerado e aparece no Histórico.`}
        </p>
      </CardContent>
    </Card>
  );
}

function LessonStates({ aulas, etapa }: { aulas: Aula[]; etapa?: Etapa }) {
  const sorted = [...aulas].sort((a, b) => a.numeroAula - b.numeroAula);
  return (
    <ol aria-label="Aulas do plano" className="flex flex-col divide-y rounded-lg border">
      {sorted.map((aula) => {
        const state = LESSON_STATE[aula.generation.state] ?? LESSON_STATE.queued;
        const Icon = state.icon;
        return (
          <li key={aula.id} className="flex flex-col gap-2 px-3 py-2.5 sm:px-4">
            <div className="flex items-center gap-3">
              {/* Phones: the description goes under the number instead of being squeezed beside it. */}
              <span className="flex min-w-0 flex-1 flex-col sm:flex-row sm:items-center sm:gap-3">
                <span className="shrink-0 text-sm font-semibold sm:w-16">Aula {aula.numeroAula}</span>
                <span className="min-w-0 truncate text-sm text-muted-foreground" title={aula.prompt}>
                  {aula.prompt}
                </span>
              </span>
              <Badge variant={state.variant} className="shrink-0">
                <Icon className={cn('size-3.5', aula.generation.state === 'running' && 'animate-spin')} aria-hidden="true" />
                {state.label}
              </Badge>
            </div>
            {aula.generation.state === 'running' ? <LessonBeingWritten aulaId={aula.id} etapa={etapa} label={`Aula ${aula.numeroAula} sendo escrita`} clamp /> : null}
          </li>
        );
      })}
    </ol>
  );
}

interface GenerationFailedProps {
  plano: Plano;
  onRetry: () => void;
}

/** A failed plan: the reason, the returned credit and a way back to the form with the same inputs. */
export function GenerationFailed({ plano, onRetry }: GenerationFailedProps) {
  return (
    <Card className="mx-auto w-full max-w-3xl">
      <CardHeader className="items-center text-center">
        <XCircle className="size-10 text-destructive" aria-hidden="true" />
        <CardTitle as="h2" className="text-xl">
          Não foi possível gerar o plano
        </CardTitle>
        <div role="alert" className="flex flex-col gap-1">
          <p className="text-muted-foreground">{plano.generation.error || 'Falha ao gerar plano de aula'}</p>
          {plano.generation.creditRefunded ? <p className="font-medium text-success">Seu crédito foi devolvido.</p> : null}
        </div>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        <LessonStates aulas={plano.aulas} etapa={plano.turma?.etapa} />
        <div className="flex justify-center">
          <Button onClick={onRetry}>
            <RotateCcw aria-hidden="true" />
            Tentar Novamente
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
