import type { Turma, TurmaData } from '@planejador/contracts';
import { Plus, Users } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { PageSpinner } from '@/components/ui/spinner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useErrorToast } from '@/hooks/use-error-toast';
import { useCoberturaResumo } from '@/lib/api/get-cobertura';
import { useGeracaoInfo } from '@/lib/api/get-geracao';
import { useTurmas } from '@/lib/api/get-turmas';
import { errorText, isHttpError, isUnauthorized } from '@/lib/http';
import { toast } from '@/lib/toast';
import { useCreateTurma } from '../api/create-turma';
import { useDeleteTurma } from '../api/delete-turma';
import { useUpdateTurma } from '../api/update-turma';
import { TurmaCard } from '../components/turma-card';
import { TurmaFormDialog, type TurmaDialogMode } from '../components/turma-form-dialog';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { NEW_TURMA_QUERY } from '@/lib/paths';

function failureToast(error: Error, description: string) {
  // A 401 already shows 'Sessão Expirada' and sends the user to /auth.
  if (isUnauthorized(error)) return;
  // A 409 says why (the same school and number again, or the class limit): show the server's message.
  toast({ title: 'Erro', description: isHttpError(error, 409) ? errorText(error, description) : description, variant: 'destructive' });
}

export function TurmasRoute() {
  useDocumentTitle('Turmas');
  const turmas = useTurmas();
  const cobertura = useCoberturaResumo();
  const geracao = useGeracaoInfo();
  useErrorToast(turmas.error, 'Erro de acesso', 'Falha ao carregar turmas');
  const createTurma = useCreateTurma();
  const updateTurma = useUpdateTurma();
  const deleteTurma = useDeleteTurma();

  const [dialog, setDialog] = useState<{ open: boolean; mode: TurmaDialogMode; source: Turma | null }>({
    open: false,
    mode: 'create',
    source: null,
  });
  const [toDelete, setToDelete] = useState<Turma | null>(null);

  // /turmas?nova=1 (the dashboard's 'Cadastrar Turma') opens the new-class form; the URL then drops it, so a reload
  // or Back does not open it again.
  const [params, setParams] = useSearchParams();
  const askedForNew = params.get(NEW_TURMA_QUERY) === '1';
  useEffect(() => {
    if (!askedForNew) return;
    setDialog({ open: true, mode: 'create', source: null });
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(NEW_TURMA_QUERY);
        return next;
      },
      { replace: true },
    );
  }, [askedForNew, setParams]);

  const openDialog = (mode: TurmaDialogMode, source: Turma | null = null) => setDialog({ open: true, mode, source });
  const closeDialog = () => setDialog((current) => ({ ...current, open: false }));

  const submit = (data: TurmaData) => {
    if (dialog.mode === 'edit' && dialog.source) {
      updateTurma.mutate(
        { id: dialog.source.id, data },
        {
          onSuccess: () => {
            toast({ title: 'Sucesso!', description: 'Turma atualizada com sucesso!', variant: 'success' });
            closeDialog();
          },
          onError: (error) => failureToast(error, 'Falha ao atualizar turma. Tente novamente.'),
        },
      );
      return;
    }
    createTurma.mutate(data, {
      onSuccess: () => {
        toast({ title: 'Sucesso!', description: 'Turma criada com sucesso!', variant: 'success' });
        closeDialog();
      },
      onError: (error) => failureToast(error, 'Falha ao criar turma. Tente novamente.'),
    });
  };

  const confirmDelete = (turma: Turma) => {
    setToDelete(null);
    deleteTurma.mutate(turma.id, {
      onSuccess: () => toast({ title: 'Sucesso!', description: 'Turma excluída com sucesso!', variant: 'success' }),
      onError: (error) => failureToast(error, 'Falha ao excluir turma. Tente novamente.'),
    });
  };

  const list = turmas.data ?? [];

  return (
    <>
      <PageHeader
        title="Gerenciar Turmas"
        description="Cadastre e organize as turmas para as quais você planeja aulas."
        actions={
          <Button onClick={() => openDialog('create')}>
            <Plus aria-hidden="true" />
            Nova Turma
          </Button>
        }
      />
      {turmas.isPending ? (
        <PageSpinner />
      ) : turmas.isError ? (
        <EmptyState icon={Users} title="Falha ao carregar turmas" description="Tente recarregar a página." />
      ) : list.length === 0 ? (
        <EmptyState
          icon={Users}
          title="Nenhuma turma cadastrada"
          description="Cadastre a sua primeira turma para começar a gerar planos de aula."
          action={
            <Button onClick={() => openDialog('create')}>
              <Plus aria-hidden="true" />
              Criar Primeira Turma
            </Button>
          }
        />
      ) : (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {list.map((turma) => (
            <TurmaCard
              key={turma.id}
              turma={turma}
              cobertura={cobertura.data?.find((c) => c.turmaId === turma.id)?.materias}
              onEdit={(t) => openDialog('edit', t)}
              onDuplicate={(t) => openDialog('duplicate', t)}
              onDelete={setToDelete}
            />
          ))}
        </div>
      )}
      <TurmaFormDialog
        open={dialog.open}
        mode={dialog.mode}
        source={dialog.source}
        pending={createTurma.isPending || updateTurma.isPending}
        onOpenChange={(open) => (open ? setDialog((d) => ({ ...d, open })) : closeDialog())}
        onSubmit={submit}
        generator={geracao.data?.generator}
      />
      <ConfirmDialog
        open={toDelete !== null}
        title="Confirmar Exclusão"
        description="Tem certeza que deseja excluir esta turma? Esta ação não pode ser desfeita."
        confirmLabel="Excluir"
        destructive
        onCancel={() => setToDelete(null)}
        onConfirm={() => toDelete && confirmDelete(toDelete)}
      />
    </>
  );
}
