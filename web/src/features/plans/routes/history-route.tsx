import { PageHeader } from '@/components/page-header';

// Placeholder: the plans feature replaces this module (keep the export name).
export function HistoryRoute() {
  return <PageHeader title="Histórico de Planos" description="Em construção." />;
}
