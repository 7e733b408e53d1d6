import type { Plano } from '@planejador/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { FileQuestion } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { Button } from '@/components/ui/button';
import { isHttpError } from '@/lib/http';
import { queryKeys } from '@/lib/query-keys';
import { toast } from '@/lib/toast';
import { GeneratingScreen, GenerationFailed } from './generating-screen';
import { planoPath } from '@/lib/paths';
import { usePlano } from '@/lib/api/get-plano';
import { usePlanProgress } from '@/lib/use-plan-progress';

interface PlanProgressProps {
  planId: string;
  /** Back to the form, filled with the failed plan's inputs. */
  onRetry: (plano: Plano) => void;
  onBack: () => void;
}

/** Follows one plan's generation until it is done (then opens it) or failed (then says why). */
export function PlanProgress({ planId, onRetry, onBack }: PlanProgressProps) {
  // The plan as the api has it (polled while it is written), updated at once by its progress stream.
  const query = usePlano(planId);
  usePlanProgress(planId, true);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const handled = useRef<string | null>(null);
  const state = query.data?.generation.state;

  useEffect(() => {
    if (state !== 'done' && state !== 'failed') return;
    const mark = `${planId}:${state}`;
    if (handled.current === mark) return;
    handled.current = mark;
    // The plan list, the stats and the balance (a failed plan gives its credit back) changed.
    void queryClient.invalidateQueries({ queryKey: queryKeys.currentUser });
    void queryClient.invalidateQueries({ queryKey: queryKeys.planos });
    void queryClient.invalidateQueries({ queryKey: queryKeys.userStats });
    if (state === 'done') {
      toast({ title: 'Sucesso!', description: 'Plano de aula gerado com sucesso!', variant: 'success' });
      navigate(planoPath(planId), { replace: true });
    }
  }, [state, planId, queryClient, navigate]);

  if (query.isError && !query.data) {
    const notFound = isHttpError(query.error, 404);
    return (
      <EmptyState
        icon={FileQuestion}
        title={notFound ? 'Plano não encontrado' : 'Falha ao carregar plano de aula'}
        description={
          notFound
            ? 'O plano solicitado não existe ou você não tem permissão para visualizá-lo.'
            : 'Verifique sua conexão e tente novamente.'
        }
        action={
          <div className="flex flex-wrap justify-center gap-2">
            {notFound ? null : <Button onClick={() => void query.refetch()}>Tentar Novamente</Button>}
            <Button variant="outline" onClick={onBack}>
              Voltar ao formulário
            </Button>
          </div>
        }
      />
    );
  }
  if (query.data?.generation.state === 'failed') {
    const plano = query.data;
    return <GenerationFailed plano={plano} onRetry={() => onRetry(plano)} />;
  }
  return <GeneratingScreen plano={query.data} />;
}
