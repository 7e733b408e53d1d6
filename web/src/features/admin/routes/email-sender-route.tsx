import { PageHeader } from '@/components/page-header';

// Placeholder: the admin feature replaces this module (keep the export name).
export function EmailSenderRoute() {
  return <PageHeader title="Envio de Email Administrativo" description="Em construção." />;
}
