import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { errorText, isUnauthorized } from '@/lib/http';
import { coberturaPath } from '@/lib/paths';
import { toast } from '@/lib/toast';
import { useDeleteAvaliacao } from '../api/delete-avaliacao';

/** "Excluir avaliação": asks first, then deletes it with its results and goes back to the class's page. */
export function DeleteAssessment({ id, turmaId }: { id: string; turmaId: string }) {
  const navigate = useNavigate();
  const remove = useDeleteAvaliacao(id, turmaId);
  const [asking, setAsking] = useState(false);
  const confirm = () => {
    setAsking(false);
    remove.mutate(undefined, {
      onSuccess: () => {
        toast({ title: 'Sucesso!', description: 'Avaliação excluída.', variant: 'success' });
        void navigate(coberturaPath(turmaId));
      },
      onError: (error) => {
        if (isUnauthorized(error)) return;
        toast({ title: 'Erro', description: errorText(error, 'Não foi possível excluir a avaliação. Tente novamente.'), variant: 'destructive' });
      },
    });
  };
  return (
    <>
      <Button type="button" variant="outline" className="text-destructive hover:text-destructive" onClick={() => setAsking(true)} disabled={remove.isPending}>
        <Trash2 aria-hidden="true" />
        {remove.isPending ? 'Excluindo...' : 'Excluir avaliação'}
      </Button>
      <ConfirmDialog
        open={asking}
        title="Excluir avaliação?"
        description="A avaliação e os resultados registrados nela serão excluídos, e a cobertura da turma deixa de contá-la. Esta ação não pode ser desfeita."
        confirmLabel="Excluir"
        destructive
        onCancel={() => setAsking(false)}
        onConfirm={confirm}
      />
    </>
  );
}
