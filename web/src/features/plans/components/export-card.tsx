import { Download, FileDown, Loader2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

interface ExportCardProps {
  dirty: boolean;
  exporting: boolean;
  onExport: () => void;
}

export function ExportCard({ dirty, exporting, onExport }: ExportCardProps) {
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle as="h2" className="flex items-center gap-2">
          <FileDown className="size-5 text-primary" aria-hidden="true" />
          Exportar Plano
        </CardTitle>
        <CardDescription>Documento Word (.docx) no modelo SEDUC-RS 2025.</CardDescription>
      </CardHeader>
      <CardContent>
        <Button className="w-full whitespace-normal" onClick={onExport} disabled={exporting} aria-busy={exporting}>
          {exporting ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Download aria-hidden="true" />}
          {exporting ? 'Exportando...' : dirty ? 'Baixar Documento (mudanças não salvas)' : 'Baixar Documento'}
        </Button>
      </CardContent>
    </Card>
  );
}
