import { PageHeader } from '@/components/page-header';

// Placeholder: the plans feature replaces this module (keep the export name).
export function PlanRoute() {
  return <PageHeader title="Visualizar Plano" description="Em construção." />;
}
