import type { EmailLogEntry, EmailSendStatus } from '@planejador/contracts';
import { Inbox } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useErrorToast } from '@/hooks/use-error-toast';
import { formatDateTime } from '@/lib/format';
import { isPendingSend, useEmailLogs } from '../api/get-email-logs';

const STATUS: Record<EmailSendStatus, { label: string; variant: NonNullable<BadgeProps['variant']> }> = {
  queued: { label: 'Na fila', variant: 'info' },
  sending: { label: 'Enviando', variant: 'warning' },
  sent: { label: 'Enviado', variant: 'success' },
  failed: { label: 'Falhou', variant: 'destructive' },
};

/** 'Envios anteriores': every bulk send with its outcome; refreshes itself while one is still on its way. */
export function EmailLogsList() {
  const logs = useEmailLogs();
  useErrorToast(logs.error, 'Erro de acesso', 'Falha ao carregar envios anteriores');
  const list = logs.data ?? [];
  const pending = list.some(isPendingSend);

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Envios anteriores</CardTitle>
        <CardDescription>
          {pending ? 'Atualizando automaticamente enquanto há envios na fila.' : 'Os últimos 50 envios, do mais recente ao mais antigo.'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {logs.isPending ? (
          <div className="flex justify-center py-8">
            <Spinner label="Carregando envios" />
          </div>
        ) : list.length === 0 ? (
          <EmptyState
            icon={Inbox}
            titleAs="h3"
            title="Nenhum envio ainda"
            description="Os emails enviados por esta página aparecerão aqui."
          />
        ) : (
          <div className="overflow-x-auto rounded-md border" tabIndex={0} role="region" aria-label="Tabela de envios anteriores">
            <table className="w-full min-w-[40rem] text-left text-sm">
              <thead className="bg-muted/60 text-muted-foreground">
                <tr>
                  <th scope="col" className="px-3 py-2 font-medium">Data</th>
                  <th scope="col" className="px-3 py-2 font-medium">Administrador</th>
                  <th scope="col" className="px-3 py-2 font-medium">Assunto</th>
                  <th scope="col" className="px-3 py-2 text-right font-medium">Destinatários</th>
                  <th scope="col" className="px-3 py-2 font-medium">Status</th>
                </tr>
              </thead>
              <tbody>
                {list.map((log) => (
                  <EmailLogRow key={log.id} log={log} />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function EmailLogRow({ log }: { log: EmailLogEntry }) {
  const status = STATUS[log.status];
  return (
    <tr className="border-t align-top">
      <td className="whitespace-nowrap px-3 py-2">
        <time dateTime={log.createdAt}>{formatDateTime(log.createdAt)}</time>
      </td>
      <td className="max-w-[14rem] truncate px-3 py-2" title={log.adminEmail}>
        {log.adminEmail}
      </td>
      <td className="max-w-[20rem] px-3 py-2 break-words">{log.subject}</td>
      <td className="px-3 py-2 text-right tabular-nums">{log.recipientCount}</td>
      <td className="px-3 py-2">
        <Badge variant={status.variant}>{status.label}</Badge>
        {log.status === 'failed' && log.error ? <p className="mt-1 max-w-[18rem] text-xs text-destructive">{log.error}</p> : null}
      </td>
    </tr>
  );
}
