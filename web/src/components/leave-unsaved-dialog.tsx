import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import type { LeaveGuard } from '@/hooks/use-leave-guard';

interface LeaveUnsavedDialogProps {
  guard: LeaveGuard;
  /** What is lost by leaving, and what stays (the plan page's edits, the generate form's text). */
  description: string;
  stayLabel?: string;
}

/** Leaving a page with unsaved text, inside the app: stay, or leave (what this browser keeps comes back later). */
export function LeaveUnsavedDialog({ guard, description, stayLabel = 'Continuar editando' }: LeaveUnsavedDialogProps) {
  return (
    <AlertDialog open={guard.blocked} onOpenChange={(next) => !next && guard.stay()}>
      <AlertDialogContent>
        <AlertDialogTitle>Sair sem salvar?</AlertDialogTitle>
        <AlertDialogDescription>{description}</AlertDialogDescription>
        <AlertDialogFooter>
          <AlertDialogCancel>{stayLabel}</AlertDialogCancel>
          <AlertDialogAction onClick={guard.leave}>Sair sem salvar</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
