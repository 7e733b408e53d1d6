import type { PlanoListItem } from '@planejador/contracts';
import { Download, Eye, Loader2, Pencil, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { isGenerating } from '../utils/plan-status';
import { planoPath } from '@/lib/paths';

interface PlanRowActionsProps {
  plano: PlanoListItem;
  exporting: boolean;
  onExport: (plano: PlanoListItem) => void;
  onDelete: (plano: PlanoListItem) => void;
  className?: string;
}

/** View, edit, export and delete: icon buttons with their names for screen readers and a tooltip. */
export function PlanRowActions({ plano, exporting, onExport, onDelete, className }: PlanRowActionsProps) {
  const generating = isGenerating(plano.generation);
  return (
    <div className={cn('flex items-center gap-1', className)}>
      <Link
        to={planoPath(plano.id, false)}
        className={buttonClasses('ghost', 'icon')}
        aria-label="Visualizar plano"
        title="Visualizar plano"
      >
        <Eye aria-hidden="true" />
      </Link>
      <Link
        to={planoPath(plano.id, true)}
        className={buttonClasses('ghost', 'icon')}
        aria-label="Editar plano"
        title="Editar plano"
      >
        <Pencil aria-hidden="true" />
      </Link>
      <Button
        variant="ghost"
        size="icon"
        aria-label="Exportar plano"
        title={generating ? 'O plano ainda está sendo gerado' : 'Exportar plano'}
        disabled={exporting || generating}
        aria-busy={exporting}
        onClick={() => onExport(plano)}
      >
        {exporting ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Download aria-hidden="true" />}
      </Button>
      <Button
        variant="ghost"
        size="icon"
        aria-label="Excluir plano"
        title="Excluir plano"
        className="text-destructive hover:text-destructive"
        onClick={() => onDelete(plano)}
      >
        <Trash2 aria-hidden="true" />
      </Button>
    </div>
  );
}
