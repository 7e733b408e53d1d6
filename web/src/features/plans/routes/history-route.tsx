import { normalizeStatus, type PlanoListItem } from '@planejador/contracts';
import { useQuery } from '@tanstack/react-query';
import { FileText, Plus, SearchX } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { buttonClasses } from '@/components/ui/button';
import { PageSpinner } from '@/components/ui/spinner';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useErrorToast } from '@/hooks/use-error-toast';
import { planosQueryOptions } from '@/lib/api/get-planos';
import { useTurmas } from '@/lib/api/get-turmas';
import { isUnauthorized } from '@/lib/http';
import { toast } from '@/lib/toast';
import { GENERATION_POLL_MS } from '../api/get-plano';
import { useDeletePlano } from '../api/delete-plano';
import { DeletePlanoDialog } from '../components/delete-plano-dialog';
import { ALL_STATUSES, ALL_TURMAS, HistoryFilters, type StatusFilter } from '../components/history-filters';
import { PlansTable } from '../components/plans-table';
import { useDownloadPlano } from '../hooks/use-download-plano';
import { isGenerating } from '../utils/plan-status';

const byNumero = new Intl.Collator('pt-BR', { numeric: true }).compare;

export function HistoryRoute() {
  useDocumentTitle('Histórico de Planos');
  const planos = useQuery({
    ...planosQueryOptions(),
    // The history is where a teacher checks what exists: always ask the server again on arrival.
    refetchOnMount: 'always',
    // Rows of plans still being written follow their progress.
    refetchInterval: (query) => (query.state.data?.some((p) => isGenerating(p.generation)) ? GENERATION_POLL_MS : false),
  });
  useErrorToast(planos.error, 'Erro', 'Falha ao carregar histórico');
  const turmas = useTurmas();
  const deletePlano = useDeletePlano();
  const { download, exportingId } = useDownloadPlano();

  const [turmaFilter, setTurmaFilter] = useState<string>(ALL_TURMAS);
  const [statusFilter, setStatusFilter] = useState<StatusFilter>(ALL_STATUSES);
  const [toDelete, setToDelete] = useState<PlanoListItem | null>(null);

  const list = useMemo(() => planos.data ?? [], [planos.data]);
  const turmaNumeros = useMemo(() => {
    const numeros = new Set<string>();
    for (const turma of turmas.data ?? []) numeros.add(turma.numero);
    for (const plano of list) if (plano.turma?.numero) numeros.add(plano.turma.numero);
    return [...numeros].sort(byNumero);
  }, [turmas.data, list]);
  const filtered = useMemo(
    () =>
      list.filter(
        (plano) =>
          (turmaFilter === ALL_TURMAS || plano.turma?.numero === turmaFilter) &&
          (statusFilter === ALL_STATUSES || normalizeStatus(plano.status) === statusFilter),
      ),
    [list, turmaFilter, statusFilter],
  );

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
          <Link to="/gerar-planos" className={buttonClasses('default')}>
            <Plus aria-hidden="true" />
            Novo Plano
          </Link>
        }
      />
      {planos.isPending ? (
        <PageSpinner />
      ) : planos.isError ? (
        <EmptyState icon={FileText} title="Falha ao carregar histórico" description="Tente recarregar a página." />
      ) : list.length === 0 ? (
        <EmptyState
          icon={FileText}
          title="Nenhum plano criado ainda"
          description="Gere o seu primeiro plano de aula com IA em poucos minutos."
          action={
            <Link to="/gerar-planos" className={buttonClasses('default')}>
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
          />
          {filtered.length === 0 ? (
            <EmptyState
              icon={SearchX}
              title="Nenhum plano encontrado"
              description="Nenhum plano corresponde aos filtros escolhidos. Tente outra turma ou outro status."
            />
          ) : (
            <PlansTable
              planos={filtered}
              exportingId={exportingId}
              onExport={(plano) => download(plano.id)}
              onDelete={setToDelete}
            />
          )}
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {filtered.length === list.length
              ? `${list.length} ${list.length === 1 ? 'plano' : 'planos'}`
              : `${filtered.length} de ${list.length} planos`}
          </p>
        </div>
      )}
      <DeletePlanoDialog open={toDelete !== null} onCancel={() => setToDelete(null)} onConfirm={confirmDelete} />
    </>
  );
}
