import type { ReactNode } from 'react';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** What happens if the teacher confirms (a sentence, or a block of several: it is read as the dialog's description). */
  description: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** A confirmation that deletes: the button says so in its colour. */
  destructive?: boolean;
  /** Closed without confirming: Cancel, Escape or a click outside. */
  onCancel: () => void;
  onConfirm: () => void;
}

/** The one "are you sure?" of the app: a title, what confirming does, and two buttons (focus starts on Cancel). */
export function ConfirmDialog({ open, title, description, confirmLabel, cancelLabel = 'Cancelar', destructive, onCancel, onConfirm }: ConfirmDialogProps) {
  return (
    <AlertDialog open={open} onOpenChange={(next) => !next && onCancel()}>
      <AlertDialogContent>
        <AlertDialogTitle>{title}</AlertDialogTitle>
        {typeof description === 'string' ? (
          <AlertDialogDescription>{description}</AlertDialogDescription>
        ) : (
          <AlertDialogDescription asChild>
            <div className="flex flex-col gap-2">{description}</div>
          </AlertDialogDescription>
        )}
        <AlertDialogFooter>
          <AlertDialogCancel>{cancelLabel}</AlertDialogCancel>
          <AlertDialogAction destructive={destructive} onClick={onConfirm}>
            {confirmLabel}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
