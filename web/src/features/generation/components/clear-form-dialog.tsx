import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';

/** "Limpar formulário" asks first: the lessons, pins and title typed are gone, here and in this browser. */
export function ClearFormDialog({ open, onCancel, onConfirm }: { open: boolean; onCancel: () => void; onConfirm: () => void }) {
  return (
    <AlertDialog open={open} onOpenChange={(next) => !next && onCancel()}>
      <AlertDialogContent>
        <AlertDialogTitle>Limpar o formulário?</AlertDialogTitle>
        <AlertDialogDescription>
          As aulas, as habilidades fixadas, o título e as configurações digitados serão apagados, também deste navegador.
        </AlertDialogDescription>
        <AlertDialogFooter>
          <AlertDialogCancel>Manter o que digitei</AlertDialogCancel>
          <AlertDialogAction onClick={onConfirm}>Limpar formulário</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
