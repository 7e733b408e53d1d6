import type { PlanoListItem } from '@planejador/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { FileText, Plus, SearchX } from 'lucide-react';
import { useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { Button, buttonClasses } from '@/components/ui/button';
import { PageSpinner, Spinner } from '@/components/ui/spinner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useErrorToast } from '@/hooks/use-error-toast';
import { FIRST_PLAN_TEXT, useWriterText } from '@/lib/api/get-geracao';
import { anoAtual, useCalendario } from '@/lib/api/calendario';
import { planosPagesQueryOptions, useRecentPlanos, type PlanosFilters } from '@/lib/api/get-planos';
import { useTurmas } from '@/lib/api/get-turmas';
import { isUnauthorized } from '@/lib/http';
import { toast } from '@/lib/toast';
import { GENERATION_POLL_MS } from '@/lib/api/get-plano';
import { useDeletePlano } from '../api/delete-plano';
import { ALL_STATUSES, ALL_TRIMESTRES, ALL_TURMAS, HistoryFilters, type StatusFilter } from '../components/history-filters';
import { PlansTable } from '../components/plans-table';
import { useDownloadPlano } from '../hooks/use-download-plano';
import { isGenerating } from '../utils/plan-status';
import { PATHS } from '@/lib/paths';

const byNumero = new Intl.Collator('pt-BR', { numeric: true }).compare;

export function HistoryRoute() {
  useDocumentTitle('Histórico de Planos');
  // The filters live in the URL: a reload or a shared link keeps them.
  const [params, setParams] = useSearchParams();
  const turmaFilter = params.get('turma') ?? ALL_TURMAS;
  const statusFilter = (params.get('status') ?? ALL_STATUSES) as StatusFilter;
  const trimestreFilter = params.get('trimestre') ?? ALL_TRIMESTRES;
  const tipo = useCalendario(anoAtual()).data?.tipo ?? 'trimestre';
  const setFilter = (key: string, value: string, all: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === all) next.delete(key);
        else next.set(key, value);
        return next;
      },
      { replace: true },
    );
  const setTurmaFilter = (value: string) => setFilter('turma', value, ALL_TURMAS);
  const setStatusFilter = (value: StatusFilter) => setFilter('status', value, ALL_STATUSES);
  const [toDelete, setToDelete] = useState<PlanoListItem | null>(null);
  const filters: PlanosFilters = {
    turma: turmaFilter === ALL_TURMAS ? undefined : turmaFilter,
    status: statusFilter === ALL_STATUSES ? undefined : statusFilter,
    // The period of this year's calendar (named by its kind in the filter), of this year's plans.
    ...(trimestreFilter === ALL_TRIMESTRES ? {} : { periodo: Number(trimestreFilter), anoLetivo: anoAtual() }),
  };
  const filtering = filters.turma !== undefined || filters.status !== undefined || filters.periodo !== undefined;

  // The server filters and pages the list (newest first); 'Carregar mais' asks for the next page.
  const planos = useInfiniteQuery({
    ...planosPagesQueryOptions(filters),
    // The history is where a teacher checks what exists: always ask the server again on arrival.
    refetchOnMount: 'always',
    // Rows of plans still being written follow their progress.
    refetchInterval: (query) =>
      query.state.data?.pages.some((page) => page.planos.some((p) => isGenerating(p.generation))) ? GENERATION_POLL_MS : false,
  });
  useErrorToast(planos.error, 'Erro', 'Falha ao carregar histórico');
  // With a filter on, an empty page may still mean 'no plan at all' (the last one was just deleted): the
  // newest plans, unfiltered (the dashboard's query), tell which.
  const recent = useRecentPlanos({ enabled: filtering });
  const turmas = useTurmas();
  const countRef = useRef<HTMLParagraphElement>(null);
  // When the last page arrives the button goes away: focus the count ('27 planos') instead of losing it.
  const loadMore = () =>
    void planos.fetchNextPage().then((result) => {
      if (!result.hasNextPage && !result.isError) countRef.current?.focus();
    });
  const deletePlano = useDeletePlano();
  const firstPlanText = useWriterText(FIRST_PLAN_TEXT);
  const { download, exportingId } = useDownloadPlano();

  const list = useMemo(() => planos.data?.pages.flatMap((page) => page.planos) ?? [], [planos.data]);
  const total = planos.data?.pages[0]?.total ?? 0;
  const noPlanAtAll = list.length === 0 && (!filtering || recent.data?.total === 0);
  const turmaNumeros = useMemo(() => {
    const numeros = new Set<string>();
    for (const turma of turmas.data ?? []) numeros.add(turma.numero);
    for (const plano of list) if (plano.turma?.numero) numeros.add(plano.turma.numero);
    if (turmaFilter !== ALL_TURMAS) numeros.add(turmaFilter);
    return [...numeros].sort(byNumero);
  }, [turmas.data, list, turmaFilter]);

  const confirmDelete = () => {
    const plano = toDelete;
    setToDelete(null);
    if (!plano) return;
    deletePlano.mutate(plano.id, {
      onSuccess: () => toast({ title: 'Sucesso!', description: 'Plano excluído com sucesso!', variant: 'success' }),
      onError: (error) => {
        if (isUnauthorized(error)) return;
        toast({ title: 'Erro', description: 'Falha ao excluir plano. Tente novamente.', variant: 'destructive' });
      },
    });
  };

  return (
    <>
      <PageHeader
        title="Histórico de Planos"
        description="Consulte, edite, exporte e organize os planos de aula que você já criou."
        actions={
          <Link to={PATHS.gerarPlanos} className={buttonClasses('default')}>
            <Plus aria-hidden="true" />
            Novo Plano
          </Link>
        }
      />
      {planos.isPending ? (
        <PageSpinner />
      ) : planos.isError ? (
        <EmptyState icon={FileText} title="Falha ao carregar histórico" description="Tente recarregar a página." />
      ) : noPlanAtAll ? (
        <EmptyState
          icon={FileText}
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
        <div className="flex flex-col gap-6">
          <HistoryFilters
            turmaNumeros={turmaNumeros}
            turma={turmaFilter}
            status={statusFilter}
            onTurmaChange={setTurmaFilter}
            onStatusChange={setStatusFilter}
            trimestre={trimestreFilter}
            tipo={tipo}
            onTrimestreChange={(value) => setFilter('trimestre', value, ALL_TRIMESTRES)}
          />
          {list.length === 0 ? (
            <EmptyState
              icon={SearchX}
              title="Nenhum plano encontrado"
              description="Nenhum plano corresponde aos filtros escolhidos. Tente outra turma ou outro status."
            />
          ) : (
            <PlansTable
              planos={list}
              exportingId={exportingId}
              onExport={(plano) => download(plano.id)}
              onDelete={setToDelete}
              etapas={new Map((turmas.data ?? []).map((t) => [t.id, t.etapa]))}
            />
          )}
          <div className="flex flex-col items-center gap-3 sm:flex-row sm:justify-between">
            {planos.isPlaceholderData ? (
              <Spinner label="Filtrando..." showLabel className="[&_svg]:size-4" />
            ) : (
              <p ref={countRef} tabIndex={-1} className="text-sm text-muted-foreground focus:outline-none" aria-live="polite">
                {countText(list.length, total, filtering)}
              </p>
            )}
            {planos.hasNextPage && !planos.isPlaceholderData ? (
              <Button variant="outline" onClick={loadMore} disabled={planos.isFetchingNextPage}>
                {planos.isFetchingNextPage ? 'Carregando...' : 'Carregar mais planos'}
              </Button>
            ) : null}
          </div>
        </div>
      )}
      <ConfirmDialog
        open={toDelete !== null}
        title="Confirmar Exclusão"
        description="Tem certeza que deseja excluir este plano de aula? Esta ação não pode ser desfeita."
        confirmLabel="Excluir"
        destructive
        onCancel={() => setToDelete(null)}
        onConfirm={confirmDelete}
      />
    </>
  );
}

/** '12 planos', or 'Mostrando 25 de 40 planos' while more pages remain (of the filtered plans when filtering). */
function countText(shown: number, total: number, filtering: boolean): string {
  const noun = total === 1 ? 'plano' : 'planos';
  const found = filtering ? (total === 1 ? ' encontrado' : ' encontrados') : '';
  return shown >= total ? `${total} ${noun}${found}` : `Mostrando ${shown} de ${total} ${noun}${found}`;
}
