import { ConfirmDialog } from '@/components/confirm-dialog';
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
    <ConfirmDialog
      open={guard.blocked}
      title="Sair sem salvar?"
      description={description}
      confirmLabel="Sair sem salvar"
      cancelLabel={stayLabel}
      onCancel={guard.stay}
      onConfirm={guard.leave}
    />
  );
}
