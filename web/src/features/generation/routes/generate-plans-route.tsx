import { PageHeader } from '@/components/page-header';

// Placeholder: the generation feature replaces this module (keep the export name).
export function GeneratePlansRoute() {
  return <PageHeader title="Gerar Planos de Aula" description="Em construção." />;
}
