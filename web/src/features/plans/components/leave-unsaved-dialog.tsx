import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';

interface LeaveUnsavedDialogProps {
  open: boolean;
  onStay: () => void;
  onLeave: () => void;
}

/** Leaving the plan page with unsaved edits: they stay in this browser, but the plan is not saved. */
export function LeaveUnsavedDialog({ open, onStay, onLeave }: LeaveUnsavedDialogProps) {
  return (
    <AlertDialog open={open} onOpenChange={(next) => !next && onStay()}>
      <AlertDialogContent>
        <AlertDialogTitle>Sair sem salvar?</AlertDialogTitle>
        <AlertDialogDescription>
          Você tem mudanças que ainda não foram salvas no plano. Elas ficam guardadas neste navegador e voltam quando você abrir o
          plano de novo, mas só valem depois de salvas.
        </AlertDialogDescription>
        <AlertDialogFooter>
          <AlertDialogCancel>Continuar editando</AlertDialogCancel>
          <AlertDialogAction onClick={onLeave}>Sair sem salvar</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
