import { ArrowRight, FileText, Plus } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { PlanStatusBadge } from '@/components/plan-status-badge';
import { buttonClasses } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { FIRST_PLAN_TEXT, useWriterText } from '@/lib/api/get-geracao';
import { useRecentPlanos } from '@/lib/api/get-planos';
import { formatDate } from '@/lib/format';
import { PATHS } from '@/lib/paths';

export function RecentPlans() {
  const { data, isPending, isError } = useRecentPlanos();
  const recent = data?.planos ?? [];
  const firstPlanText = useWriterText(FIRST_PLAN_TEXT);
  return (
    <Card role="region" aria-labelledby="planos-recentes-titulo">
      <CardHeader className="flex-row items-center justify-between gap-2">
        <CardTitle as="h2" id="planos-recentes-titulo">
          Planos Recentes
        </CardTitle>
        {recent.length > 0 ? (
          <Link to={PATHS.historico} className={buttonClasses('ghost', 'sm')}>
            Ver histórico
            <ArrowRight aria-hidden="true" />
          </Link>
        ) : null}
      </CardHeader>
      <CardContent>
        {isPending ? (
          <Spinner className="py-8" />
        ) : isError ? (
          <p className="py-6 text-center text-sm text-muted-foreground">Falha ao carregar histórico</p>
        ) : recent.length === 0 ? (
          <EmptyState
            icon={FileText}
            titleAs="h3"
            title="Nenhum plano criado ainda"
            description={firstPlanText}
            action={
              <Link to={PATHS.gerarPlanos} className={buttonClasses('default')}>
                <Plus aria-hidden="true" />
                Criar Primeiro Plano
              </Link>
            }
          />
        ) : (
          <ul className="divide-y">
            {recent.map((plano) => (
              <li key={plano.id}>
                <Link
                  to={PATHS.historico}
                  className="flex items-center gap-3 rounded-md px-2 py-3 hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                >
                  <div className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-secondary text-secondary-foreground">
                    <FileText className="size-5" aria-hidden="true" />
                  </div>
                  <div className="min-w-0 flex-1">
                    <p className="truncate font-medium">{plano.temaPrincipal}</p>
                    <p className="text-sm text-muted-foreground">
                      Turma {plano.turma?.numero ?? '—'} · {formatDate(plano.createdAt)}
                    </p>
                  </div>
                  <PlanStatusBadge status={plano.status} generation={plano.generation} />
                </Link>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
