import type { Plano } from '@planejador/contracts';
import { AlertTriangle, Loader2, RotateCcw } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useWritingText } from '@/lib/api/get-geracao';
import { ProgressBar } from '@/components/ui/progress-bar';
import { PATHS } from '@/lib/paths';

/** Shown instead of the editor while the worker writes the plan. */
export function GenerationProgressCard({ plano }: { plano: Plano }) {
  const { done, total, state } = plano.generation;
  const writing = useWritingText();
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          <Loader2 className="size-5 animate-spin text-primary" aria-hidden="true" />
          Gerando Plano de Aula
        </CardTitle>
        <CardDescription>
          {state === 'queued'
            ? 'O plano está na fila e começará em instantes.'
            : writing}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-2">
        <ProgressBar value={done} max={total} label="Progresso da geração" valueText={`${done} de ${total} aulas`} />
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {done} de {total} {total === 1 ? 'aula pronta' : 'aulas prontas'}
        </p>
      </CardContent>
    </Card>
  );
}

/** The plan could not be written: the reason and whether the credit came back. */
export function GenerationFailedCard({ plano }: { plano: Plano }) {
  const { error, creditRefunded } = plano.generation;
  return (
    <Card className="border-destructive/50">
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2 text-destructive">
          <AlertTriangle className="size-5" aria-hidden="true" />
          Falha na geração do plano
        </CardTitle>
        <CardDescription>{error || 'Não foi possível gerar este plano de aula.'}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col items-start gap-4">
        {creditRefunded ? (
          <p className="text-sm">O crédito usado foi devolvido à sua conta.</p>
        ) : null}
        <Link to={PATHS.gerarPlanos} className={buttonClasses('default')}>
          <RotateCcw aria-hidden="true" />
          Gerar novamente
        </Link>
      </CardContent>
    </Card>
  );
}
