import type { EmailLogEntry, EmailSendStatus } from '@planejador/contracts';
import { Inbox } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useErrorToast } from '@/hooks/use-error-toast';
import { formatDateTime } from '@/lib/format';
import { cn } from '@/lib/utils';
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
          // On phones each row stacks its cells under their labels; the explicit roles keep the table
          // semantics that Chromium drops once a table's display is changed.
          <div className="rounded-md border sm:overflow-x-auto" tabIndex={0} role="region" aria-label="Tabela de envios anteriores">
            <table role="table" className="w-full text-left text-sm max-sm:block sm:min-w-[40rem]">
              <thead role="rowgroup" className="bg-muted/60 text-muted-foreground max-sm:sr-only">
                <tr role="row">
                  {COLUMNS.map((column) => (
                    <th
                      key={column}
                      role="columnheader"
                      scope="col"
                      className={cn('px-3 py-2 font-medium', column === 'Destinatários' && 'text-right')}
                    >
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody role="rowgroup" className="max-sm:block">
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

const COLUMNS = ['Data', 'Administrador', 'Assunto', 'Destinatários', 'Status'] as const;

// Phones: the cell's column name comes first (from data-label), then its value.
const cellClasses =
  'px-3 py-2 max-sm:grid max-sm:grid-cols-[7.5rem_minmax(0,1fr)] max-sm:gap-2 max-sm:py-1 ' +
  'max-sm:before:font-medium max-sm:before:text-muted-foreground max-sm:before:content-[attr(data-label)]';

function EmailLogRow({ log }: { log: EmailLogEntry }) {
  const status = STATUS[log.status];
  return (
    <tr role="row" className="border-t align-top max-sm:block max-sm:first:border-t-0 max-sm:py-2">
      <td role="cell" data-label="Data" className={cn(cellClasses, 'whitespace-nowrap')}>
        <time dateTime={log.createdAt}>{formatDateTime(log.createdAt)}</time>
      </td>
      <td role="cell" data-label="Administrador" className={cn(cellClasses, 'sm:max-w-[14rem] sm:truncate')} title={log.adminEmail}>
        <span className="break-all sm:break-normal">{log.adminEmail}</span>
      </td>
      <td role="cell" data-label="Assunto" className={cn(cellClasses, 'break-words sm:max-w-[20rem]')}>
        {log.subject}
      </td>
      <td role="cell" data-label="Destinatários" className={cn(cellClasses, 'tabular-nums sm:text-right')}>
        {log.recipientCount}
      </td>
      <td role="cell" data-label="Status" className={cellClasses}>
        <div>
          <Badge variant={status.variant}>{status.label}</Badge>
          {/* Failed: the reason. Sent: the addresses the server refused, if any. */}
          {log.error && (log.status === 'failed' || log.status === 'sent') ? (
            <p className={cn('mt-1 max-w-[18rem] text-xs', log.status === 'failed' ? 'text-destructive' : 'text-warning')}>
              {log.error}
            </p>
          ) : null}
        </div>
      </td>
    </tr>
  );
}
