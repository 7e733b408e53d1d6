import { LIMITS } from '@planejador/contracts';
import { ClipboardCheck, FileSearch, ListChecks, ShieldAlert, ShieldCheck, Users } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { buttonClasses } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useCurrentUser } from '@/lib/api/get-current-user';
import { EmailLogsList } from '../components/email-logs-list';
import { EmailSenderForm } from '../components/email-sender-form';
import { PATHS } from '@/lib/paths';

const TITLE = 'Envio de Email Administrativo';

const NOTES = [
  { icon: ShieldCheck, text: 'Funcionalidade administrativa restrita' },
  { icon: Users, text: `Máximo de ${LIMITS.emailMaxRecipients} destinatários por envio` },
  { icon: FileSearch, text: 'Verifique o conteúdo antes de enviar' },
  { icon: ClipboardCheck, text: 'Todos os envios são registrados em log' },
];

/** /admin/email-sender: bulk HTML e-mail for admins. The api enforces the role; this page only explains it. */
export function EmailSenderRoute() {
  useDocumentTitle(TITLE);
  const { data: user } = useCurrentUser();

  if (user?.role !== 'admin') {
    return (
      <>
        <PageHeader title={TITLE} />
        <EmptyState
          icon={ShieldAlert}
          title="Acesso restrito"
          description="Esta página é restrita a administradores."
          className="bg-card"
          action={
            <Link to={PATHS.dashboard} className={buttonClasses('outline')}>
              Voltar ao Dashboard
            </Link>
          }
        />
      </>
    );
  }

  return (
    <>
      <PageHeader title={TITLE} description="Envie um email em HTML para até 100 destinatários de uma vez." />
      <div className="flex flex-col gap-6">
        <Card className="border-info/30 bg-info-soft">
          <CardContent className="p-4 sm:p-4">
            <h2 className="mb-2 flex items-center gap-2 text-sm font-semibold text-info">
              <ListChecks className="size-4" aria-hidden="true" />
              Antes de enviar
            </h2>
            <ul className="grid gap-2 text-sm sm:grid-cols-2">
              {NOTES.map(({ icon: Icon, text }) => (
                <li key={text} className="flex items-center gap-2">
                  <Icon className="size-4 shrink-0 text-info" aria-hidden="true" />
                  {text}
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
        <EmailSenderForm />
        <EmailLogsList />
      </div>
    </>
  );
}
