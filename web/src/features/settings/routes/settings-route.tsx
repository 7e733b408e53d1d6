import { Construction } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { useDocumentTitle } from '@/hooks/use-document-title';

export function SettingsRoute() {
  useDocumentTitle('Configurações');
  return (
    <>
      <PageHeader title="Configurações" description="Preferências da sua conta." />
      <EmptyState
        icon={Construction}
        title="Página em desenvolvimento"
        description="Esta página está em desenvolvimento. Em breve você poderá ajustar suas preferências por aqui."
      />
    </>
  );
}
