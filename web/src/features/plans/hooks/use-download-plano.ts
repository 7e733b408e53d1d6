import { useSingleFlight } from '@/hooks/use-single-flight';
import { isUnauthorized } from '@/lib/http';
import { toast } from '@/lib/toast';
import { useExportPlano } from '../api/export-plano';

/** Export with the catalogue's toasts; `exportingId` names the plan being exported ('Exportando...'). */
export function useDownloadPlano() {
  const exportPlano = useExportPlano();
  // One export at a time: a double press asks the server once.
  const once = useSingleFlight();
  const download = (id: string) =>
    once(() =>
      exportPlano.mutateAsync(id, {
        onSuccess: () => toast({ title: 'Sucesso!', description: 'Plano exportado com sucesso!', variant: 'success' }),
        onError: (error) => {
          // A 401 already shows 'Não Autorizado' and goes to /auth.
          if (isUnauthorized(error)) return;
          toast({ title: 'Erro', description: 'Falha ao exportar plano. Tente novamente.', variant: 'destructive' });
        },
      }),
    );
  return { download, exportingId: exportPlano.isPending ? (exportPlano.variables ?? null) : null };
}
