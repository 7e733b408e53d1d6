import type { Turma } from '@planejador/contracts';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';

interface DeleteTurmaDialogProps {
  turma: Turma | null;
  onCancel: () => void;
  onConfirm: (turma: Turma) => void;
}

export function DeleteTurmaDialog({ turma, onCancel, onConfirm }: DeleteTurmaDialogProps) {
  return (
    <AlertDialog open={turma !== null} onOpenChange={(open) => !open && onCancel()}>
      <AlertDialogContent>
        <AlertDialogTitle>Confirmar Exclusão</AlertDialogTitle>
        <AlertDialogDescription>
          Tem certeza que deseja excluir esta turma? Esta ação não pode ser desfeita.
        </AlertDialogDescription>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancelar</AlertDialogCancel>
          <AlertDialogAction destructive onClick={() => turma && onConfirm(turma)}>
            Excluir
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
