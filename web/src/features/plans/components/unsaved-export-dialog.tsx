import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';

interface UnsavedExportDialogProps {
  open: boolean;
  onCancel: () => void;
  onSaveAndExport: () => void;
}

/** Exporting with unsaved edits: save first, so the document holds what the teacher sees. */
export function UnsavedExportDialog({ open, onCancel, onSaveAndExport }: UnsavedExportDialogProps) {
  return (
    <AlertDialog open={open} onOpenChange={(next) => !next && onCancel()}>
      <AlertDialogContent>
        <AlertDialogTitle>Mudanças não salvas</AlertDialogTitle>
        <AlertDialogDescription>
          Você tem mudanças que ainda não foram salvas. Salve o plano antes de exportar para que o documento inclua
          suas edições.
        </AlertDialogDescription>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancelar</AlertDialogCancel>
          <AlertDialogAction onClick={onSaveAndExport}>Salvar e exportar</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
